"""Per-address limits shared by every worker

``rate_hits`` holds a row per hit against a limit the whole server shares (a wrong table code,
a record import), so that every worker of a server, and every server on one database, counts
an address's tries together in a moving window.

Revision ID: 3a7e5c1d9b24
Revises: 9d4f6b2a8c31
Create Date: 2026-12-02 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '3a7e5c1d9b24'
down_revision = '9d4f6b2a8c31'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'rate_hits',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=200), nullable=False),
        sa.Column('at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('id'))
    op.create_index('ix_rate_hits_key_at', 'rate_hits', ['key', 'at'])


def downgrade():
    op.drop_index('ix_rate_hits_key_at', table_name='rate_hits')
    op.drop_table('rate_hits')
