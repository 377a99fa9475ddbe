"""Per-address limits counted per slice of their window

``rate_counts`` replaces ``rate_hits``: a row per limit key and slice of its window (a sixth of
it), upserted, instead of a row per hit, so the rows an address can leave are bounded by the
window's slices whatever it sends, and rows past every window are swept. The counts are a
minute's (an hour's) and start again empty.

Revision ID: c4d8e2f6a913
Revises: c4e8f1a2d6b3
Create Date: 2026-12-08 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4d8e2f6a913'
down_revision = 'c4e8f1a2d6b3'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'rate_counts',
        sa.Column('key', sa.String(length=200), nullable=False),
        sa.Column('slice', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('expires', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('key', 'slice'))
    op.create_index(op.f('ix_rate_counts_expires'), 'rate_counts', ['expires'])
    op.drop_index('ix_rate_hits_key_at', table_name='rate_hits')
    op.drop_table('rate_hits')


def downgrade():
    op.create_table(
        'rate_hits',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=200), nullable=False),
        sa.Column('at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('id'))
    op.create_index('ix_rate_hits_key_at', 'rate_hits', ['key', 'at'])
    op.drop_index(op.f('ix_rate_counts_expires'), table_name='rate_counts')
    op.drop_table('rate_counts')
