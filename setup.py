"""The wheel is the whole app: besides the package data pyproject.toml names (templates, static
files, sheets, boards, migrations), its translations compiled (the .mo files a clone makes with
pybabel, which are not kept in the source)."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path(self.build_lib, "companion", "translations").glob("*/LC_MESSAGES/*.po"):
            with po.open("rb") as source:
                catalog = read_po(source)
            with po.with_suffix(".mo").open("wb") as target:
                write_mo(target, catalog)


setup(cmdclass={"build_py": BuildWithCatalogs})
