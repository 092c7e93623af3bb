"""Code written by clients/python/codegen/generate.py from the bundled spec; do not edit."""
