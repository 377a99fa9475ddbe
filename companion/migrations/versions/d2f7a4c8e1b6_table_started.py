"""A table keeps when it was started

``tables.started``: the record's ``started`` (UTC, RFC 3339), stamped by the server as a table is
made, or an imported record's own; "" when an imported record had none. Tables made before this
revision keep NULL: their export reads the times the database kept for them (``created_at``).

Revision ID: d2f7a4c8e1b6
Revises: c4d8e2f6a913
Create Date: 2026-11-29 20:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd2f7a4c8e1b6'
down_revision = 'c4d8e2f6a913'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('started', sa.String(length=32), nullable=True))


def downgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('started')
