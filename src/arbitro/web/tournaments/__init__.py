"""The tournaments app: public pages, the arbiter's desk, player self-service."""
