"""benchmarks/startup.py's server: gzip as a static host does, what it sent of each file, and /relay handed on
to a real tt_relay."""

import gzip
import json
import sys
import threading
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import startup
from websockets.sync.client import connect


def test_the_server_gzips_text_and_hands_relay_websockets_to_tt_relay(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>" + "x" * 5000)
    server = startup.HostLikeServer(tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    relay = startup.start_relay(server)
    try:
        request = urllib.request.Request(server.url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(response.read()).decode().endswith("x" * 5000)
        assert 0 < server.sent < 5000
        files = server.files(60)  # what it sent of each file, by path, and when
        ((first, last, sent),) = files.values()
        assert list(files) == ["/"] and sent == server.sent and 0 <= first <= last
        assert server.files(first / 2) == {}  # nothing yet
        assert startup.files_table("t", files).splitlines()[2].startswith("| / | ")
        server.restart()
        assert server.sent == 0 and server.files(60) == {}
        with connect(server.url.replace("http://", "ws://") + "relay", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "create"}))
            created = json.loads(ws.recv(timeout=10))
        assert created["type"] == "created" and created["room"]
    finally:
        relay.terminate()
        relay.wait(10)
        server.shutdown()
        server.server_close()


def test_the_tasks_table_gives_the_median_and_the_most_of_each_page_s_longest_task() -> None:
    table = startup.tasks_table("desktop", {"play/": [(60.0, 20.0), (90.0, 30.0), (70.0, 25.0)]})
    assert table.splitlines()[2] == "| play/ | 70 | 90 | 25 |"
