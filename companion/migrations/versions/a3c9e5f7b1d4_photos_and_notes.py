"""The play remembered: photos of the final table and notes, kept with the table

``photos``: each photo's JPEG (without metadata) in the database, so SQLite and PostgreSQL keep
it alike and a backup holds it; ``notes``: one note per seat and one by the host screen.

Revision ID: a3c9e5f7b1d4
Revises: f5a1c7e3b9d2
Create Date: 2026-11-30 00:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a3c9e5f7b1d4'
down_revision = 'f5a1c7e3b9d2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'photos',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('data', sa.LargeBinary(), nullable=False),
        sa.Column('width', sa.Integer(), nullable=False),
        sa.Column('height', sa.Integer(), nullable=False),
        sa.Column('by', sa.String(length=20), nullable=False),
        sa.Column('on_card', sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
        sa.PrimaryKeyConstraint('id'))
    with op.batch_alter_table('photos', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_photos_table_id'), ['table_id'], unique=False)
    op.create_table(
        'notes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=True),
        sa.Column('text', sa.String(length=500), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('table_id', 'seat'))
    with op.batch_alter_table('notes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_notes_table_id'), ['table_id'], unique=False)


def downgrade():
    with op.batch_alter_table('notes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_notes_table_id'))
    op.drop_table('notes')
    with op.batch_alter_table('photos', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_photos_table_id'))
    op.drop_table('photos')
