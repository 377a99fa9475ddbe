"""Extensions created unbound; the factory binds them to an app."""
from flask_babel import Babel
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
migrate = Migrate()      # the schema's history: companion/migrations (companion db upgrade)
babel = Babel()
