"""Saved sheets and boards have owners and links

Each of the four tables of saved definitions gains ``owner_hash`` (the browser that saved it,
hashed; none for the rows saved before, which belong to nobody) and ``token`` (its link,
unguessable: every row saved before gets a fresh random one here). A name is unique per owner
rather than across the server.

Revision ID: c4e8f1a2d6b3
Revises: b71d3e5a2c08
Create Date: 2026-12-08 10:00:00

"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4e8f1a2d6b3'
down_revision = 'b71d3e5a2c08'
branch_labels = None
depends_on = None

TABLES = ('score_sheets', 'doodle_city_sheets', 'calcada_boards', 'calcada_scoring_boards')
# SQLite's unique constraints have no names: batch mode finds them by this one
NAMING = {'uq': 'uq_%(table_name)s_%(column_0_name)s'}


def unique_name_constraint(table: str) -> str:
    """The name of the constraint keeping ``name`` unique (PostgreSQL named it itself)."""
    for constraint in sa.inspect(op.get_bind()).get_unique_constraints(table):
        if constraint['column_names'] == ['name'] and constraint['name']:
            return constraint['name']
    return f'uq_{table}_name'


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('owner_hash', sa.String(length=64), nullable=True))
            batch.add_column(sa.Column('token', sa.String(length=32), nullable=True))
        rows = sa.table(table, sa.column('id', sa.Integer()), sa.column('token', sa.String()))
        bind = op.get_bind()
        for (number,) in bind.execute(sa.select(rows.c.id)).all():
            bind.execute(rows.update().where(rows.c.id == number)
                         .values(token=secrets.token_urlsafe(16)))
        name_constraint = unique_name_constraint(table)
        with op.batch_alter_table(table, naming_convention=NAMING) as batch:
            batch.alter_column('token', existing_type=sa.String(length=32), nullable=False)
            batch.drop_constraint(name_constraint, type_='unique')
            batch.create_unique_constraint(f'uq_{table}_owner_name', ['owner_hash', 'name'])
            batch.create_index(f'ix_{table}_owner_hash', ['owner_hash'])
            batch.create_index(f'ix_{table}_token', ['token'], unique=True)


def downgrade():
    """Back to one name per server: fails where two browsers saved the same name."""
    for table in TABLES:
        with op.batch_alter_table(table, naming_convention=NAMING) as batch:
            batch.drop_index(f'ix_{table}_token')
            batch.drop_index(f'ix_{table}_owner_hash')
            batch.drop_constraint(f'uq_{table}_owner_name', type_='unique')
            batch.drop_column('token')
            batch.drop_column('owner_hash')
            batch.create_unique_constraint(f'uq_{table}_name', ['name'])
