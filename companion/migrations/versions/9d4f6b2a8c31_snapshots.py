"""A table's replay kept as data

``snapshots`` holds, per table, its log's first events replayed (the state in the game's JSON
form, whether finished, the undos) and the fingerprint of the rules that replayed them: a server
that has not replayed the table lately resumes after it. Tables without one are replayed from
their log as before and get one as they are played or read.

Revision ID: 9d4f6b2a8c31
Revises: 7c1e2a9f3b10
Create Date: 2026-12-01 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9d4f6b2a8c31'
down_revision = '7c1e2a9f3b10'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'snapshots',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('events', sa.Integer(), nullable=False),
        sa.Column('fingerprint', sa.String(length=64), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('table_id'))


def downgrade():
    op.drop_table('snapshots')
