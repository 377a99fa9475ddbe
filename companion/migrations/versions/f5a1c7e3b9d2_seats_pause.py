"""A table may let any seated phone pause its clock

``tables.seats_pause``: any seated phone may pause and resume the table's clock (the table's
option as it was started); false (the host screen only) for every table made before.

Revision ID: f5a1c7e3b9d2
Revises: d2f7a4c8e1b6
Create Date: 2026-11-29 22:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f5a1c7e3b9d2'
down_revision = 'd2f7a4c8e1b6'
branch_labels = None
depends_on = None


def upgrade():
    # a column added in place (SQLite's ADD COLUMN with its default): a batch would copy the
    # table, which the seats' and events' foreign keys forbid
    op.add_column('tables', sa.Column('seats_pause', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('seats_pause')
