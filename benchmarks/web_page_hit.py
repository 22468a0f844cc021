"""CPU of one public page cache hit (issue 21): the early page cache against the whole Django stack.

    .venv/bin/python benchmarks/web_page_hit.py

Builds the 300-player load tournament (benchmarks/load_public_pages.py), then calls the WSGI
application in-process 2,000 times for its standings page and prints CPU milliseconds per request
(process time, so the figure does not depend on the machine's other load).
"""
# ruff: noqa
import io
import os
import sys
import tempfile
import time
from pathlib import Path
os.environ["ARBITRO_DATA_DIR"]=tempfile.mkdtemp()
os.environ.pop("DATABASE_URL",None)
sys.argv=[sys.argv[0]]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import load_public_pages as L
slug, boards = L.build(300, 9)
from django.conf import settings
from arbitro.web.wsgi import application
from django.core.handlers.wsgi import WSGIHandler
def env(path, qs=""):
    return {"REQUEST_METHOD":"GET","PATH_INFO":path,"QUERY_STRING":qs,"SERVER_NAME":"127.0.0.1","SERVER_PORT":"8000","HTTP_HOST":"127.0.0.1:8000",
            "wsgi.input":io.BytesIO(b""),"wsgi.url_scheme":"http","wsgi.errors":sys.stderr,"SERVER_PROTOCOL":"HTTP/1.1","REMOTE_ADDR":"127.0.0.1"}
def sr(status, headers, exc=None): sr.status=status
def run(app, n, qs=""):
    for _ in range(3): b"".join(app(env(f"/t/{slug}/standings/", qs), sr))
    t0=time.process_time()
    for i in range(n):
        r=app(env(f"/t/{slug}/standings/", qs), sr); b"".join(r); r.close()
    return (time.process_time()-t0)/n*1000, sr.status
print("with early cache: %.3f ms CPU/request %s" % run(application, 2000))
print("with early cache + query: %.3f ms CPU/request %s" % run(application, 2000, "r=1"))
settings.MIDDLEWARE=[m for m in settings.MIDDLEWARE if "pagecache" not in m]
app2=WSGIHandler()
print("whole stack (view cache): %.3f ms CPU/request %s" % run(app2, 2000))
