"""Django's Redis cache with one client object per connection pool, reused (issue 19 load goal).

Django's ``RedisCacheClient.get_client`` makes a new ``redis.Redis`` for every cache operation;
with redis-py 5 that object builds its table of ~300 response callbacks each time, ~0.5 ms of
CPU: more than the rest of a cached API answer (its per-client counter is one Redis operation),
measured 2026-12-02 with cProfile on the load benchmark's mix. A ``redis.Redis`` is safe to share
between threads (each command takes a connection from the pool) and its pool reconnects after a
fork, so one per pool is enough. Everything else is Django's backend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

if TYPE_CHECKING:
    from redis import Redis


class _ReusedClients(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Redis] = {}

    def get_client(self, key: object = None, *, write: bool = False) -> Redis:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            if index not in self._pools:
                self._pools[index] = self._pool_class.from_url(self._servers[index], **self._pool_options)
            client = self._clients[index] = self._client(connection_pool=self._pools[index])
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str | list[str], params: dict[str, object]) -> None:
        super().__init__(server, params)
        self._class = _ReusedClients
