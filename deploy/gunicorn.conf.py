"""gunicorn settings of a production web process (docs/deploy.md): ``gunicorn -c deploy/gunicorn.conf.py``.

Threads, not processes only: a public page repeat costs a fraction of a millisecond and waits on
the database or Redis; pairing is not done here but in the worker (``arbitro manage arbitro_worker``).
"""

import multiprocessing
import os

wsgi_app = "arbitro.web.wsgi:application"
bind = os.environ.get("ARBITRO_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("ARBITRO_WORKERS", max(2, multiprocessing.cpu_count())))
worker_class = "gthread"
threads = int(os.environ.get("ARBITRO_THREADS", "8"))
timeout = 60  # pairing is in the worker: no request should take this long
graceful_timeout = 30
keepalive = 5  # behind the proxy's keep-alive pool
max_requests = 20000  # recycle workers now and then
max_requests_jitter = 2000
accesslog = "-" if os.environ.get("ARBITRO_ACCESS_LOG") == "1" else None
errorlog = "-"
loglevel = "warning"
forwarded_allow_ips = os.environ.get("ARBITRO_FORWARDED_ALLOW_IPS", "127.0.0.1")
