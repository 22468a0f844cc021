"""Arbitro: chess tournament software for arbiters and federations."""

__version__ = "0.1.0"
