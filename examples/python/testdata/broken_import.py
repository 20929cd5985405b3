"""A module that fails on import, for the tests of netconform_adapter.py."""

raise ImportError("this module cannot be imported")
