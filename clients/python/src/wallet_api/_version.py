# The package's version, in one place: pyproject.toml reads it (hatch's version source).
__version__ = "0.2.0"
