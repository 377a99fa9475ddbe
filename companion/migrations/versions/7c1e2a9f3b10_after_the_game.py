"""After the game: rematches, and the games each browser took part in

``tables.next_code`` names the table a rematch started (the old table's phones follow to it);
``sittings`` lists the tables a browser sat at (its games page); ``name_merges`` keeps the names a
browser's games page counts as one player.

Revision ID: 7c1e2a9f3b10
Revises: 5b2c7d9e41a0
Create Date: 2026-11-23 20:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c1e2a9f3b10'
down_revision = '5b2c7d9e41a0'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('next_code', sa.String(length=8), nullable=True))
    op.create_table(
        'sittings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('browser_hash', sa.String(length=64), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('browser_hash', 'table_id'))
    with op.batch_alter_table('sittings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sittings_browser_hash'), ['browser_hash'], unique=False)
        batch_op.create_index(batch_op.f('ix_sittings_table_id'), ['table_id'], unique=False)
    op.create_table(
        'name_merges',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('browser_hash', sa.String(length=64), nullable=False),
        sa.Column('alias', sa.String(length=40), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('browser_hash', 'alias'))
    with op.batch_alter_table('name_merges', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_name_merges_browser_hash'), ['browser_hash'], unique=False)


def downgrade():
    with op.batch_alter_table('name_merges', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_name_merges_browser_hash'))
    op.drop_table('name_merges')
    with op.batch_alter_table('sittings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sittings_table_id'))
        batch_op.drop_index(batch_op.f('ix_sittings_browser_hash'))
    op.drop_table('sittings')
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('next_code')
