"""A finished table keeps its result

The home page reads a finished table's winners from ``tables.result`` instead of replaying and
scoring it (a Quadropolis result runs the optimiser). Tables finished before this revision get
their result from their log, replayed through the same rules as everywhere else.

Revision ID: 5b2c7d9e41a0
Revises: e8a658bce912
Create Date: 2026-11-23 17:55:00

"""
import json

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5b2c7d9e41a0'
down_revision = 'e8a658bce912'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('result', sa.JSON(), nullable=True))
    fill_finished_results()


def fill_finished_results():
    from companion import record

    connection = op.get_bind()
    tables = sa.table('tables', sa.column('id', sa.Integer), sa.column('game', sa.String),
                      sa.column('options', sa.JSON), sa.column('result', sa.JSON))
    seats = sa.table('seats', sa.column('table_id', sa.Integer),
                     sa.column('position', sa.Integer), sa.column('name', sa.String))
    events = sa.table('events', sa.column('table_id', sa.Integer), sa.column('seq', sa.Integer),
                      sa.column('data', sa.JSON))
    ended = sa.select(events.c.table_id).where(
        sa.cast(events.c.data, sa.String).like('%"end"%')).distinct()
    for table_id, game, options in connection.execute(
            sa.select(tables.c.id, tables.c.game, tables.c.options).where(tables.c.id.in_(ended))):
        players = connection.execute(sa.select(seats.c.name).where(seats.c.table_id == table_id)
                                     .order_by(seats.c.position)).scalars().all()
        log = connection.execute(sa.select(events.c.data).where(events.c.table_id == table_id)
                                 .order_by(events.c.seq)).scalars().all()
        log = [json.loads(e) if isinstance(e, str) else e for e in log]
        try:
            replay = record.load({"format": record.FORMAT, "version": record.VERSION,
                                  "game": game, "options": options or {},
                                  "players": [{"name": n} for n in players], "events": log})
        except record.RecordError:
            continue            # not replayable any more: the home page shows it as playing
        if replay.finished:
            connection.execute(sa.update(tables).where(tables.c.id == table_id)
                               .values(result=replay.result()))


def downgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('result')
