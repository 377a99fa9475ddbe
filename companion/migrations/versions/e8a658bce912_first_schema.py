"""First schema: tables, seats, events, saved boards and sheets

The schema exactly as db.create_all() made it before the app had migrations (a database made
that way is stamped at this revision): tables, their seats and event logs, and the boards and
sheets saved with the game editors.

Revision ID: e8a658bce912
Revises:
Create Date: 2026-11-23 16:45:20.858766

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e8a658bce912'
down_revision = None
branch_labels = None
depends_on = None


def saved_definitions(name: str) -> None:
    """A board, scoring board or sheet saved with an editor."""
    op.create_table(
        name,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )


def upgrade():
    saved_definitions('calcada_boards')
    saved_definitions('calcada_scoring_boards')
    saved_definitions('doodle_city_sheets')
    op.create_table(
        'tables',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('code', sa.String(length=8), nullable=False),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('host_hash', sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tables_code'), ['code'], unique=True)

    op.create_table(
        'events',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('by', sa.String(length=20), nullable=False),
        sa.Column('nonce', sa.String(length=40), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('table_id', 'seq'),
        sa.UniqueConstraint('table_id', 'nonce'),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
    )
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_events_table_id'), ['table_id'], unique=False)

    op.create_table(
        'seats',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('secret_hash', sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('table_id', 'position'),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
    )
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seats_table_id'), ['table_id'], unique=False)


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seats_table_id'))
    op.drop_table('seats')
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_events_table_id'))
    op.drop_table('events')
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tables_code'))
    op.drop_table('tables')
    op.drop_table('doodle_city_sheets')
    op.drop_table('calcada_scoring_boards')
    op.drop_table('calcada_boards')
