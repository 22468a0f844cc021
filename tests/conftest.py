"""Test-suite root. The fixture files live in ``tests/fixtures``; their path is in tests/fixture_paths.py."""
