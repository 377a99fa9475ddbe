"""Score sheets saved with the score pad's sheet editor

``score_sheets`` holds a sheet per row: its name, the record contract's ``sheet`` object and
whether the lowest total wins with it.

Revision ID: b71d3e5a2c08
Revises: 3a7e5c1d9b24
Create Date: 2026-12-05 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b71d3e5a2c08'
down_revision = '3a7e5c1d9b24'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'score_sheets',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('lowest_wins', sa.Boolean(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )


def downgrade():
    op.drop_table('score_sheets')
