"""The table page: phones around one table. No rule lives here.

`?create=1&players=4&seats=human,human,human,bot` makes this device the host and the shared screen (it shows
the public board; `human` seats are for phones). `?room=CODE#k=SECRET` (the join link, the QR code) joins as a
guest (`&game=<id>` in it only lets the page offer that game's rules while Python starts); `?room=CODE`
alone (the code typed in) joins once the host confirms the device on its screen. The
host is the only authority (pygame_core.engine.host). Every message goes in a Noise session
(pygame_core.engine.tunnel): the fragment carries the link's pre-shared key and the host's public key, and
the page takes it out of the address bar once read; every message travels through the relay
(docs/relay-protocol.md) until a WebRTC data channel to that peer opens, then over the channel;
`?transport=relay` never opens one. The relay is the site's own (built in by build.py): a link cannot
choose it. This runs in a Web Worker (web/assets/worker.mjs): the page (public/assets/python.js) paints,
stores, and holds the WebRTC connections, whose signalling and frames pass through here.
"""

import hashlib
import json
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import js  # the worker's global scope: WebSocket and timers (WebRTC is the page's: python.js)
from pyodide.ffi import create_once_callable, create_proxy
from tt_bridge import later, post, serve
from tt_crypto import Noble

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_factories, bot_levels
from pygame_core.catalog import bot_label, catalog
from pygame_core.engine import DEFAULT_GAME, GameError, crypto, get_board, get_game, recent
from pygame_core.engine.host import Event, Gate, Guest, Host
from pygame_core.engine.howto import rules_html
from pygame_core.engine.link import page_lang, peer_id, read_link, room_code
from pygame_core.engine.record import replay_link
from pygame_core.engine.render import Texts, dotted, esc, tag, translate
from pygame_core.engine.rooms import fallback_room, new_room
from pygame_core.engine.screen import (
    TABLE_END,
    Screen,
    end_panel,
    log_html,
    names_by_language,
    tools_html,
    with_last_event,
)
from pygame_core.engine.table import HUMAN, Table
from pygame_core.engine.tunnel import HostKeys, link_keys
from pygame_core.engine.wire import loads

RECONNECT_MS = 1500  # the first wait before connecting to the relay again; each failure in a row adds as much
RECONNECT_MAX_MS = 10_000
DROPPED_MAX_MS = 60_000  # the longest wait after the relay closed connections that had opened, in a row
STABLE_MS = 20_000  # a connection that stays open this long ends a run of closes
HOST_WAIT_MS = 8000  # a phone with the table secret and no session with a host by then tries the other room
UNREACHABLE_AFTER = 2  # connections to the relay in a row that closed before the page says it cannot reach it
REJOIN_MS = (
    2000  # a guest asks again for a room the relay does not know (it restarted; the host re-creates it)
)
PAINT_MS = 16  # many changes within a frame paint once
LINK_KEPT_MS = 12 * 3600 * 1000  # a phone keeps a table's link this long (the relay's longest room life)
SYNC_CHECK_MS = 1000  # how often a phone checks whether the host has been silent too long (`Guest.tick`)
RELAY_TEXT = 80 << 10  # characters of a message from the relay: its 64 KiB frames, and the envelope


class Where:
    """The page's address and settings, from python.js's start message."""

    def __init__(self, start: dict[str, Any]) -> None:
        url = urlsplit(start["href"])
        self.origin, self.path = f"{url.scheme}://{url.netloc}", url.path
        self.secure, self.host = url.scheme == "https", url.netloc
        self.params = dict(parse_qsl(url.query))
        self.fragment = dict(parse_qsl(url.fragment))
        self.relay = str(start["settings"].get("tt-relay", ""))
        self.stored: dict[str, str] = start["stored"]


where: Where
lang = "en"
use_webrtc = True


TEXTS: Texts = {
    "en": {
        "table": "Table",
        "reconnecting": "Reconnecting to the table…",
        "lobby": "join link, QR code and seats",
        "colon": ": ",
        "connected": "phone connected ({transport})",
        "webrtc": "direct",
        "relay": "through the relay",
        "waiting": "waiting for a phone",
        "to_bot": "Bot",
        "to_phone": "New phone",
        "opening": "Opening the table…",
        "create": "Create a table",
        "create_note": "This device becomes the shared screen: it shows the public board; "
        "each player uses a phone.",
        "join": "Join a table",
        "code": "Room code",
        "join_button": "Join",
        "no_saved": "This device has no saved table with that code.",
        "bot_failed": "A bot could not move:",
        "relay_refused": "This link names a relay server of its own. The table only talks through its "
        "site's relay, so the link was not followed: ask the table for its join link or QR code again.",
        "asks": "A phone that typed the room code asks to join. Let it in only if it shows {code}.",
        "turned_away": "Phones not let in by code so far: {count}.",
        "paused": "Joining by code is paused for {seconds} s after refused attempts (the link and QR code "
        "still work).",
        "let_in": "Let in",
        "refuse": "Refuse",
        "trouble": "A phone sent something the table could not read (ignored).",
        "relay_trouble": "The relay refused the table ({code}); it tries again.",
        "relay_dropped": "The relay closed the connection ({reason}); trying again in {seconds} s.",
        "no_table": "Waiting for the table to open this room…",
        "relay_full": "The relay has no place for this phone now (the room is full): try again soon.",
        "unreachable_host": "Cannot reach the relay server ({url}), so no phone can talk to this table. "
        "Trying again…",
        "unreachable_guest": "Cannot reach the relay server ({url}), so this phone cannot talk to the table. "
        "Trying again…",
    },
    "ja": {
        "table": "テーブル",
        "reconnecting": "テーブルに再接続中…",
        "lobby": "参加リンク・QRコード・席",
        "colon": "：",
        "connected": "スマホ接続中（{transport}）",
        "webrtc": "直接",
        "relay": "リレー経由",
        "waiting": "スマホを待っています",
        "to_bot": "ボットに",
        "to_phone": "新しいスマホに",
        "opening": "テーブルを開いています…",
        "create": "テーブルを作る",
        "create_note": "この端末が共有画面になり、公開ボードを表示します。"
        "各プレイヤーは自分のスマホを使います。",
        "join": "テーブルに参加",
        "code": "ルームコード",
        "join_button": "参加",
        "no_saved": "この端末にはそのコードで保存されたテーブルがありません。",
        "bot_failed": "ボットが動けませんでした：",
        "relay_refused": "このリンクは別の中継サーバーを指定しています。テーブルはサイト自身の中継サーバー"
        "だけを使うため、このリンクは開きませんでした。テーブルの参加リンクかQRコードをもう一度もらってください。",
        "asks": "ルームコードを入力したスマホが参加を求めています。"
        "{code}と表示されている場合だけ参加させてください。",
        "turned_away": "コードで参加できなかったスマホ：{count}台。",
        "paused": "断られた試みが続いたため、コードでの参加を{seconds}秒間止めています"
        "（リンクとQRコードは使えます）。",
        "let_in": "参加させる",
        "refuse": "断る",
        "trouble": "スマホから読み取れないデータが届きました（無視しました）。",
        "relay_trouble": "中継サーバーがテーブルを拒否しました（{code}）。再試行します。",
        "relay_dropped": "中継サーバーが接続を閉じました（{reason}）。{seconds}秒後に再接続します。",
        "no_table": "テーブルがこのルームを開くのを待っています…",
        "relay_full": "中継サーバーに今このスマホの空きがありません（ルームが満員です）。"
        "しばらくしてからもう一度試してください。",
        "unreachable_host": "中継サーバー（{url}）につながらないため、"
        "スマホがこのテーブルとやり取りできません。接続を試し続けています…",
        "unreachable_guest": "中継サーバー（{url}）につながらないため、"
        "このスマホはテーブルとやり取りできません。接続を試し続けています…",
    },
}


def t(key: str, **fields: object) -> str:
    """Return the page's text for `key` in the page's language, fields escaped."""
    return translate(TEXTS, lang, key, **fields)


def show_error(message: str) -> None:
    """Show a message in the page's alert box."""
    post("error", message=message)


def developer_log(*parts: object) -> None:
    """Log a peer's mistake for developers (the console), never on the shared screen."""
    post("warn", parts=["table:", *[str(p)[:200] for p in parts]])


def load(key: str) -> str | None:
    """Return what this browser kept under key (python.js sent it at start), or None."""
    return where.stored.get(key)


def store(key: str, value: str) -> None:
    """Keep a value in this browser."""
    where.stored[key] = value
    post("store", key=key, value=value)


def relay_url() -> str:
    """Return the relay's WebSocket URL: the site's own (built in by build.py), else this origin's /relay."""
    scheme = "wss" if where.secure else "ws"
    return where.relay or f"{scheme}://{where.host}/relay"


def here(query_string: str) -> str:
    """Return this page's absolute URL with another query."""
    return f"{where.origin}{where.path}?{query_string}"


class Relay:
    """The WebSocket to the relay at `?room=CODE` (a load balancer sends a room to one instance); it
    reconnects after a drop and calls `on_open` again, and `on_change` when the relay becomes unreachable
    (UNREACHABLE_AFTER connections in a row never opened) or reachable again, or closed connections that
    had opened (a run of them waits longer each time, up to DROPPED_MAX_MS, and says why)."""

    def __init__(self, on_open: Any, on_message: Any, on_change: Any, room: str) -> None:
        self.on_open, self.on_message, self.on_change = on_open, on_message, on_change
        self.room = room
        self.ws: Any = None
        self.failures = 0  # connections closed in a row before they opened
        self.drops = 0  # connections closed in a row after they opened, each within STABLE_MS
        self.reason = ""  # why the relay closed the last one (its close reason, else its code)
        self.wait_ms = 0
        self.opens = 0  # connections opened so far (tells a stale timer from the current one)
        self.is_open = False
        self.moving = False
        post("progress", text="connecting")
        self.connect()

    @property
    def unreachable(self) -> bool:
        """Return whether the relay has not been reached for UNREACHABLE_AFTER connections in a row."""
        return self.failures >= UNREACHABLE_AFTER

    def down_note(self, key: str) -> str:
        """Return the page's note that the relay cannot be reached (the host's or a guest's words), or that
        it keeps closing the connection, or ""."""
        if self.unreachable:
            return tag("p", t(key, url=relay_url()), class_="tt-prompt", role="alert", data_relay_down="1")
        if self.drops:
            note = t("relay_dropped", reason=self.reason, seconds=round(self.wait_ms / 1000))
            return tag("p", note, class_="tt-prompt", role="status", data_relay_dropped=self.reason)
        return ""

    def connect(self) -> None:
        """Open the socket."""
        ws = js.WebSocket.new(f"{relay_url()}?room={self.room}")
        ws.onopen = create_proxy(lambda _: self.opened())
        ws.onmessage = create_proxy(self.received)
        ws.onclose = create_once_callable(self.closed)
        self.ws = ws

    def move(self, room: str) -> None:
        """Talk about another room: reconnect at once with it in the URL (it may live on another instance)."""
        self.room = room
        if self.ws.readyState < 2:  # connecting or open; else the pending reconnect uses the new room
            self.moving = True
            self.ws.close()

    def opened(self) -> None:
        """The socket is open: say so if the relay was unreachable, then let the page (re)start its talk."""
        was_unreachable, self.failures = self.unreachable, 0
        self.is_open = True
        self.opens += 1
        later(partial(self.stable, self.opens), STABLE_MS)
        if was_unreachable:
            self.on_change()
        self.on_open()

    def stable(self, opens: int) -> None:
        """The connection opened `opens`-th has stayed open STABLE_MS: a run of closes is over."""
        if opens == self.opens and self.ws.readyState == 1 and self.drops:
            self.drops = 0
            self.on_change()

    def closed(self, event: Any) -> None:
        """The socket closed or never opened: try again, later each time in a row, and say what happened."""
        was_open, self.is_open = self.is_open, False
        if self.moving:
            self.moving = False
            self.connect()
            return
        if was_open:
            self.drops += 1
            self.reason = str(event.reason or event.code)
            restart = event.code == 1012 and self.drops == 1  # an instance restarts: another one takes over
            self.wait_ms = 0 if restart else min(RECONNECT_MS * 2 ** (self.drops - 1), DROPPED_MAX_MS)
        else:
            self.failures += 1
            self.wait_ms = min(RECONNECT_MS * self.failures, RECONNECT_MAX_MS)
        if was_open or self.failures == UNREACHABLE_AFTER:
            self.on_change()
        later(self.connect, self.wait_ms)

    def received(self, event: Any) -> None:
        """Hand a relay message on; anything else is noted for developers."""
        try:
            message = loads(event.data, RELAY_TEXT)
        except (TypeError, ValueError) as e:  # WireError included
            developer_log("the relay sent something that is not a bounded JSON object:", str(e)[:200])
            return
        self.on_message(message)

    def send(self, message: dict[str, Any]) -> None:
        """Send a message if the socket is open (a reconnect re-sends what matters)."""
        if self.ws.readyState == 1:
            self.ws.send(json.dumps(message))


class Link:
    """A WebRTC data channel to one peer (made by the page: python.js), its signalling sealed here; until
    it opens, messages use the relay."""

    def __init__(self, relay: Relay, peer: str, on_text: Any, offer: bool, on_change: Any, seal: Any) -> None:
        self.relay, self.peer, self.on_text, self.on_change, self.seal = relay, peer, on_text, on_change, seal
        self.open = False
        post("rtc.new", peer=peer, offer=offer)

    @property
    def transport(self) -> str:
        """Return `webrtc` once the channel is open, else `relay`."""
        return "webrtc" if self.open else "relay"

    def from_page(self, message: dict[str, Any]) -> None:
        """Take what the page's peer connection reports: signalling to send, the channel's state (with a
        message it could not send), a frame."""
        if "signal" in message:
            text = self.seal({"t": "sig", "d": message["signal"]})
            if text:
                self.relay.send({"type": "relay", "to": self.peer, "data": text})
        elif "open" in message:
            self.open = bool(message["open"])
            if isinstance(message.get("unsent"), str):  # sent as the channel closed: it goes by the relay
                self.send(message["unsent"])
            self.on_change()
        elif "text" in message:
            self.on_text(self.peer, message["text"])

    def on_signal(self, data: object) -> None:
        """Pass the peer's offer, answer or ICE candidate (authenticated by the session) to the page."""
        if not isinstance(data, dict):
            developer_log(f"WebRTC with {self.peer} failed: signalling that is not an object")
            return
        post("rtc.signal", peer=self.peer, data=data)

    def send(self, text: str) -> None:
        """Send a sealed message over the channel, or through the relay while it is not open."""
        if self.open:
            post("rtc.send", peer=self.peer, text=text)
        else:
            self.relay.send({"type": "relay", "to": self.peer, "data": text})

    def close(self) -> None:
        """Close the connection."""
        post("rtc.close", peer=self.peer)


class HostPage:
    """This device hosts the table and shows the public board; phones join by link, QR code or code."""

    def __init__(self, session: dict[str, Any] | None) -> None:
        params = where.params
        setup = read_link(params, bot_levels(get_game(params.get("game") or DEFAULT_GAME)))
        game = get_game(setup.game)
        self.bots = bot_factories(game)
        if session is not None:
            table = Table.from_json(session["table"], self.bots)
        else:
            seed = random.randrange(1, 10**9) if setup.seed is None else setup.seed
            table = setup.deal(seed, self.bots)
        self.screen = Screen(table, get_board(setup.game), lang)
        self.host = Host(table, names_by_language(table))
        if session is not None:
            self.host.tokens = {token: int(seat) for token, seat in session["tokens"].items()}
            self.host.handed = {str(token) for token in session.get("handed", [])}
            self.host.base = int(session.get("base", 0))
        self.room: str | None = session["room"] if session else None
        self.key: str | None = session["key"] if session else None
        self.home: str | None = session.get("home", self.room) if session else None  # the room it opened
        keys = HostKeys.from_text(session.get("keys")) if session else None
        self.gate = Gate(self.host, keys or HostKeys.new())
        self.pace = setup.pace
        self.links: dict[str, Link] = {}
        self.timer = False  # a bot's turn is timed
        self.draining = False
        self.painting = False
        self.troubled = False
        self.qr: tuple[str, str] = ("", "")
        self.relay = Relay(self.on_open, self.on_message, self.repaint, self.room or new_room())

    def on_open(self) -> None:
        """Create the room (under the code in the relay URL), or take it back (after a reload, a dropped
        socket or a relay restart: then, if the relay does not know it, it re-creates it with our key)."""
        if self.room and self.key:
            self.relay.send({"type": "create", "room": self.room, "key": self.key})
        else:
            self.relay.send({"type": "create", "room": self.relay.room})

    def fall_back(self) -> bool:
        """Someone else holds the room (a stranger re-created its code after a relay restart): move the
        table to its fallback room, which only holders of the table secret can name; False if it is there."""
        fallback = fallback_room(self.gate.keys.link)
        if self.room == fallback:
            return False
        self.room = fallback
        self.save()
        self.relay.move(fallback)
        return True

    def on_message(self, msg: dict[str, Any]) -> None:
        """Handle the relay's messages."""
        kind, peer = msg.get("type"), peer_id(msg.get("from") or msg.get("peer"))
        if kind == "relay" and peer:
            self.gate.push(peer, msg.get("data"))
            self.schedule()
        elif kind == "created":
            room = room_code(msg.get("room"))
            if room is None or not isinstance(msg.get("key"), str):  # never into a link, a QR code or a page
                developer_log("the relay named a room that is not a room code")
                return
            self.room, self.key = room, str(msg["key"])[:64]
            self.home = self.home or self.room
            post("address", query=f"host={self.room}&lang={lang}&pace={self.pace}")
            self.save()
            self.repaint()
        elif kind == "peer-left" and peer:
            self.gate.leave(peer)
            link = self.links.pop(peer, None)
            if link:
                link.close()
            self.repaint()
        elif kind == "error":
            code = str(msg.get("code"))
            developer_log("relay error", code, msg.get("message"))
            if code == "room-taken":  # the code this new table proposed is in use: propose another
                self.relay.move(new_room())
            elif code == "bad-key" and self.fall_back():
                developer_log("room", self.home, "is held by someone else: moving to the fallback room")
            elif code in ("bad-key", "no-room", "too-many-rooms"):
                show_error(t("relay_trouble", code=code))

    def schedule(self) -> None:
        """Handle queued guest messages soon (once per turn of the browser's loop, however many came)."""
        if not self.draining:
            self.draining = True
            later(self.drain)

    def drain(self) -> None:
        """Let the gate handle what guests sent, then act on its events (save at most once)."""
        self.draining = False
        self.run_events(self.gate.drain())
        if self.gate.pending():
            self.schedule()

    def run_events(self, events: list[Event]) -> None:
        """Send, signal, open or close links, ask for confirmations; save once if the table changed."""
        changed = False
        for kind, peer, detail in events:
            if kind == "send":
                self.send(peer, detail)
            elif kind == "signal" and peer in self.links:
                self.links[peer].on_signal(detail)
            elif kind == "ready" and use_webrtc and peer not in self.links:
                self.links[peer] = Link(
                    self.relay, peer, self.from_channel, True, self.repaint, partial(self.gate.seal, peer)
                )
            elif kind == "close":
                link = self.links.pop(peer, None)
                if link:
                    link.close()
            elif kind == "notice":
                developer_log(f"peer {peer}:", detail)
                self.troubled = True
            changed = changed or kind == "changed"
        if changed:  # an applied action, a seat taken: save once
            self.save()
        if events and any(kind != "send" for kind, _, _ in events):
            self.repaint()

    def from_channel(self, peer: str, data: Any) -> None:
        """A frame from a guest's data channel: the same gate as the relay's."""
        self.gate.push(peer, data if isinstance(data, str) else None)
        self.schedule()

    def send(self, peer: str, text: str) -> None:
        """Send a sealed text to a guest over its data channel, else through the relay."""
        link = self.links.get(peer)
        if link is not None:
            link.send(text)
        else:
            self.relay.send({"type": "relay", "to": peer, "data": text})

    def save(self) -> None:
        """Keep the room, its key, the table's keys, the game and the seat tokens in the browser."""
        if self.room:
            data = {
                "room": self.room,
                "home": self.home,
                "key": self.key,
                "keys": self.gate.keys.to_text(),
                "table": self.host.table.to_json(),
                "tokens": self.host.tokens,
                "handed": sorted(self.host.handed),
                "base": self.host.base,
            }
            for code in {self.room, self.home or self.room}:  # an old address finds the table where it is
                store(f"trading-table-host:{code}", json.dumps(data))
        # a finished game joins this browser's recent games, for the replay page
        if (kept := recent.remembered(load(recent.KEY), self.host.table, time.time() * 1000)) is not None:
            store(recent.KEY, kept)

    def bot_turn(self) -> None:
        """Let the bot to act move, then update every guest."""
        self.timer = False
        try:
            self.host.table.bot_move()
            self.gate.send(self.host.broadcast())
            self.run_events([*self.gate.drain(0), ("changed", "", None)])
        except GameError as e:
            show_error(f"{t('bot_failed')} {e}")

    def seats_html(self) -> str:
        """Return the seats: who holds each, over which path, and buttons to hand a seat over."""
        held = {seat: peer for peer, seat in self.host.peers.items()}
        rows = []
        for seat, kind in enumerate(self.host.table.seats):
            name = esc(self.screen.names[seat])
            peer = held.get(seat)
            transport = (self.links[peer].transport if peer in self.links else "relay") if peer else None
            if not kind.is_human:
                status, buttons = bot_label(self.host.table.game, kind.kind, lang), ""
            else:
                status = t("connected", transport=t(transport)) if transport else t("waiting")
                buttons = tag(
                    "button", t("to_bot"), type="button", data_seat_bot=seat, class_="tt-act"
                ) + tag("button", t("to_phone"), type="button", data_seat_free=seat, class_="tt-act")
            row = f"{name}{t('colon')}{status} {buttons}"
            rows.append(tag("li", row, data_seat=seat, data_transport=transport))
        return tag("ul", "".join(rows), class_="tt-seat-list")

    def asking_html(self) -> str:
        """Return the code-only devices waiting for the host's decision, with their check codes, and how
        many were not let in (every attempt shows here: a relay cannot try unseen)."""
        turned_away, paused = self.gate.attempts()
        notes = ""
        if turned_away:
            notes = tag("p", t("turned_away", count=turned_away), data_turned_away=turned_away)
        if paused:
            notes += tag("p", t("paused", seconds=round(paused)), class_="tt-prompt", data_code_paused="1")
        rows = [
            tag(
                "li",
                t("asks", code=code)
                + " "
                + tag("button", t("let_in"), type="button", data_admit=peer, class_="tt-act")
                + tag("button", t("refuse"), type="button", data_refuse=peer, class_="tt-act"),
                data_asking=code,
            )
            for peer, code in self.gate.asking().items()
        ]
        return notes + (tag("ul", "".join(rows), class_="tt-seat-list") if rows else "")

    def qr_svg(self, link: str) -> str:
        """Return the join link's QR code (made once per link)."""
        if self.qr[0] != link:
            # Imported here, not at the top: segno and what it imports (urllib.request, email...) stay out of
            # the start-up snapshot every page downloads (build.page_imports); only a table's host needs it.
            import segno

            self.qr = (link, segno.make(link, error="m").svg_inline(scale=4, dark="#111", light="#fff"))
        return self.qr[1]

    def repaint(self) -> None:
        """Ask for a paint at the next frame (many changes in one frame paint once); let a bot move."""
        if self.host.table.bot_to_act() is not None and not self.timer:
            self.timer = True
            later(self.bot_turn, self.pace)
        if not self.painting:
            self.painting = True
            later(self.paint, PAINT_MS)

    def paint(self) -> None:
        """Draw the room code, join link, QR code, seats and the public board."""
        self.painting = False
        down = self.relay.down_note("unreachable_host")
        if not self.room:
            post("paint", html=down or tag("p", t("opening"), class_="tt-prompt"), lang=lang, ready=False)
            return
        table, game = self.host.table, self.host.table.game
        link = here(f"room={self.room}&game={game.id}") + f"#k={self.gate.keys.link}"  # game: rules early
        public = get_board(game.id).render(
            game.view(table.state, None), [], lang=lang, names=self.screen.names
        )
        trouble = tag("p", t("trouble"), class_="tt-prompt", data_peer_trouble="1") if self.troubled else ""
        held = set(self.host.peers.values())
        wanted = bool(self.gate.asking()) or any(
            kind.is_human and seat not in held for seat, kind in enumerate(table.seats)
        )
        heading = t("table") + " " + tag("span", esc(self.room), class_="tt-room", data_room=self.room)
        post(
            "paint",
            html=tools_html(lang)
            + tag(  # shut once every seat has its phone (the board comes first), open while one needs one
                "details",
                tag("summary", tag("h2", heading) + " " + tag("span", t("lobby"), class_="tt-lobby-more"))
                + tag("p", tag("a", esc(link), href=link, data_join=link))
                + tag("div", self.qr_svg(link), class_="tt-qr")
                + self.asking_html()
                + self.seats_html(),
                class_="tt-lobby",
                data_keep="join",
                open="open" if wanted else None,
            )
            + down
            + trouble
            + with_last_event(public, self.screen.last_event())
            + end_panel(get_board(game.id), game.view(table.state, None), self.screen.names, lang, TABLE_END)
            + log_html(get_board(game.id), table.log, lang, self.screen.names),
            lang=lang,
            over=table.over,
            title=dotted([game.name, f"{t('table')} {self.room}"], lang),
        )

    def game_id(self) -> str:
        """Return the game played at this table."""
        return self.host.table.game.id

    def explain(self, key: str) -> str:
        """Return what a thing on the public board is and does now."""
        return self.screen.explain(key)

    def click(self, attrs: dict[str, str]) -> None:
        """Hand a seat to a bot, free it for a new phone, let a code-only device in or not; at the end, start
        a rematch at this table or hand out the record."""
        if "data-admit" in attrs:
            self.gate.confirm(attrs["data-admit"])
        elif "data-refuse" in attrs:
            self.gate.refuse(attrs["data-refuse"])
        elif "data-seat-bot" in attrs:  # the seat's old phone is out (no seat is free for a tokenless phone)
            seat = int(attrs["data-seat-bot"])
            self.gate.send(self.host.release(seat, bot_levels(self.host.table.game)[1]))
        elif "data-seat-free" in attrs:  # a new link too: the old one brings no phone to the free seat
            self.gate.send(self.host.release(int(attrs["data-seat-free"]), HUMAN))
            self.gate.relink()
        elif "data-rematch" in attrs and self.host.table.over:
            self.gate.send(self.host.rematch(random.randrange(1, 10**9), self.bots))
            self.screen = Screen(self.host.table, get_board(self.game_id()), lang)
        elif "data-record" in attrs:
            post("download", name=self.host.table.file_name(), text=self.host.table.to_json())
            return
        elif "data-replay-link" in attrs:
            post("link", url=replay_link(self.host.table.record))
            return
        else:
            return
        self.run_events([*self.gate.drain(0), ("changed", "", None)])

    def from_page(self, message: dict[str, Any]) -> None:
        """What a peer connection of the page reports."""
        link = self.links.get(message["peer"])
        if link is not None:
            link.from_page(message)


class GuestPage:
    """A phone at the table: its own seat's board, through the host, every message sealed."""

    def __init__(self, room: str, quick: bool) -> None:
        post("received", text=None)
        self.room = room
        # A reload shows the board this phone last painted at once (python.js, `keep`), marked as
        # reconnecting; it stays until the host's state comes. A tap on one of its actions waits for that
        # state, then goes to the host with the version that board showed, as every tap does (`click`).
        self.quick = quick
        self.held: tuple[str, int] | None = None
        secret = where.fragment.get("k") if link_keys(where.fragment.get("k")) else self.kept_link()
        if "k" in where.fragment:  # out of the address bar and the history at once (it stays in storage)
            post("address", query=urlencode(where.params))
        token = load(self.seat_key(secret)) or None
        self.guest = Guest(lang, token, secret)
        self.keep_link()
        self.host_peer: str | None = None
        self.link: Link | None = None
        self.relay = Relay(self.on_open, self.on_message, self.paint, room)
        later(self.check_sync, SYNC_CHECK_MS)

    def check_sync(self) -> None:
        """Every second: after a silence of the host while the game goes on, ask it for the board."""
        for text in self.guest.tick():
            self.send_text(text)
        later(self.check_sync, SYNC_CHECK_MS)

    def kept_link(self) -> str | None:
        """Return the table's link this phone kept for this room, if it is younger than LINK_KEPT_MS."""
        try:
            kept = json.loads(load(f"trading-table-secret:{self.room}") or "null")
            fresh = time.time() * 1000 - float(kept["at"]) < LINK_KEPT_MS
        except (TypeError, ValueError, KeyError):
            return None
        return str(kept["k"]) if fresh and link_keys(kept["k"]) else None

    def keep_link(self) -> None:
        """Keep the table's link for this room (a new one after a "New phone"), or forget it once the host
        let this phone go: it is kept only as long as the table lives."""
        value = "" if self.guest.ended else json.dumps({"k": self.guest.secret, "at": time.time() * 1000})
        if self.guest.secret:
            store(f"trading-table-secret:{self.room}", value)

    def seat_key(self, secret: str | None) -> str:
        """Return where the seat token is kept: under the host's public key from the link it was given with,
        so a crafted link with this room's code and another host's key never makes the phone send its token
        to that host."""
        keys = link_keys(secret)
        tag_ = hashlib.sha256(keys[1]).hexdigest()[:16] if keys else "code-only"
        return f"trading-table-seat:{self.room}:{tag_}"

    def on_open(self) -> None:
        """Join the room the relay URL names (again, after a dropped socket); with the table secret, look
        for the host in the other room if no session with it opens within HOST_WAIT_MS."""
        self.relay.send({"type": "join", "room": self.relay.room})
        if self.guest.secret:
            later(partial(self.check_host, self.relay.opens), HOST_WAIT_MS)

    def check_host(self, opens: int) -> None:
        """No session with a host since the connection opened `opens`-th: a stranger may hold this code
        (after a relay restart) while the host moved to the fallback room, or the other way round."""
        if opens == self.relay.opens and self.guest.session is None and not self.guest.ended:
            self.rejoin()

    def rejoin(self) -> None:
        """Ask again (the relay did not know the room, or no host answered): with the table secret, in the
        other of the link's room and the table's fallback room, else in the same room."""
        secret = self.guest.secret
        if not secret:
            self.on_open()
            return
        fallback = fallback_room(secret)
        self.relay.move(self.room if self.relay.room == fallback else fallback)

    def to_host(self, message: dict[str, Any]) -> None:
        """Seal a message and send it to the host over the channel or the relay."""
        text = self.guest.seal(message)
        if text:
            self.send_text(text)

    def send_text(self, text: str) -> None:
        """Send a text to the host over the channel or the relay."""
        if self.link is not None and self.link.transport == "webrtc":
            self.link.send(text)
        elif self.host_peer:
            self.relay.send({"type": "relay", "to": self.host_peer, "data": text})

    def on_message(self, msg: dict[str, Any]) -> None:
        """Handle the relay's messages."""
        kind = msg.get("type")
        if kind in ("joined", "host-back"):
            self.host_peer = msg.get("host")
            if self.link is not None:
                self.link.close()
                self.link = None
            if self.host_peer and not self.guest.ended:
                self.send_text(self.guest.start())
            self.paint()
        elif kind == "relay" and msg.get("from") == self.host_peer:
            self.incoming(msg.get("data"))
        elif kind == "error":
            developer_log("relay error", msg.get("code"), msg.get("message"))
            if msg.get("code") == "no-room":
                self.guest.message = t("no_table")
                self.paint()
                later(self.rejoin, REJOIN_MS)
            elif msg.get("code") in ("room-full", "too-many-connections"):
                self.guest.message = t("relay_full")
                self.paint()

    def from_channel(self, _: str, data: Any) -> None:
        """A frame from the host's data channel."""
        self.incoming(data if isinstance(data, str) else None)

    def incoming(self, text: object) -> None:
        """Take the host's frame: answer the handshake, open sealed messages, follow signalling."""
        before = self.guest.state
        replies, signal = self.guest.take(text)
        for reply in replies:
            self.send_text(reply)
        if isinstance(signal, dict) and "notice" in signal:
            developer_log(signal["notice"])
        elif signal is not None and use_webrtc and self.host_peer:
            if self.link is None:
                seal = self.guest.seal
                self.link = Link(self.relay, self.host_peer, self.from_channel, False, self.paint, seal)
            self.link.on_signal(signal)
        if self.guest.last is not None:
            post("received", text=json.dumps(self.guest.last))
            self.guest.last = None
        if self.guest.token:
            store(self.seat_key(self.guest.secret), "" if self.guest.ended else self.guest.token)
        self.keep_link()
        if self.guest.state is not before and before is None and self.guest.state is not None:
            self.restore_selection()
            if self.held is not None:
                message = self.guest.click("action", *self.held)
                if message:
                    self.to_host(message)
            self.held = None
        self.paint()

    def restore_selection(self) -> None:
        """After a reload, select again what this phone had selected at the same version."""
        saved = load(f"trading-table-selected:{self.room}")
        try:
            version, selected = json.loads(saved) if saved else (None, [])
        except (TypeError, ValueError):
            return
        if self.guest.state is not None and version == self.guest.state["v"]:
            self.guest.selected = [str(s) for s in selected][:2]

    def paint(self) -> None:
        """Draw this seat's board (kept for a reload), or what keeps it from the table."""
        state = self.guest.state
        down = self.relay.down_note("unreachable_guest")
        if state is None and self.quick and not (self.guest.message or self.guest.code or down):
            return  # the board kept from before stays until the host's state comes
        over = state is not None and state["view"].get("result") is not None
        post(
            "paint",
            shown=state["v"] if state is not None else None,
            html=tag("p", t("reconnecting"), class_="tt-prompt tt-reconnecting") + down + self.guest.html(),
            lang=lang,
            transport=self.link.transport if self.link else "relay",
            ready=state is not None,
            over=over,
            turn=state is not None and bool(state["legal"]) and not over,  # the phone buzzes when it turns
            keep=state is not None,
            title=dotted([get_game(state["game"]).name, t("table")], lang) if state is not None else None,
        )

    def game_id(self) -> str:
        """Return the game played at the table, once the host has said."""
        return self.guest.state["game"] if self.guest.state is not None else ""

    def explain(self, key: str) -> str:
        """Return what a thing on this seat's board is and does now."""
        return self.guest.explain(key)

    def click(self, attrs: dict[str, str], shown: object) -> None:
        """Send an action to the host with the version of the board it was tapped on, `shown` (the host
        takes it if the table has not moved on, or only others' secret choices have: the seat's choices are
        the same); a tap on the kept board waits for the host's state. Or change the selected cards (kept
        across a reload)."""
        seen = shown if isinstance(shown, int) else None
        if "data-action" in attrs and self.guest.state is None:
            self.held = (attrs["data-action"], seen) if seen is not None else None
        elif "data-action" in attrs:
            message = self.guest.click("action", attrs["data-action"], seen)
            if message:
                self.to_host(message)
        elif "data-select" in attrs and self.guest.state is not None:
            pressed = attrs.get("aria-pressed") == "true"
            self.guest.click("deselect" if pressed else "select", attrs["data-select"])
            kept = json.dumps([self.guest.state["v"], self.guest.selected])
            store(f"trading-table-selected:{self.room}", kept)
            self.paint()

    def from_page(self, message: dict[str, Any]) -> None:
        """What the page's peer connection to the host reports."""
        if self.link is not None and message["peer"] == self.link.peer:
            self.link.from_page(message)


def start_form() -> str:
    """Return the form that joins a table by code (first: most who come here have a table to join), then
    the forms that create a table of any game (every seat a person at first)."""
    return tag(
        "section",
        tag("h1", t("join"))
        + tag(
            "form",
            tag(
                "input",
                name_="room",
                aria_label=t("code"),
                placeholder=t("code"),
                autocomplete="off",
                required="required",
            )
            + tag("input", type="hidden", name_="lang", value=lang)
            + tag("button", t("join_button"), type="submit", class_="tt-act tt-big"),
        )
        + tag("h2", t("create"))
        + tag("p", t("create_note"))
        + catalog("../", table=True, lang=lang),
        class_="tt-lobby",
    )


page: HostPage | GuestPage | None = None


def start(message: dict[str, Any]) -> None:
    """Start as host, guest or the start form, by the link."""
    global where, lang, use_webrtc, page
    crypto.use(Noble())  # the browser's primitives (noble's), before anything is sealed
    where = Where(message)
    params = where.params
    lang = page_lang(params.get("lang"), str(message["language"]))
    use_webrtc = params.get("transport") != "relay"
    if "relay" in params:  # a link must not choose where the table's messages go
        post(
            "paint", html=tag("p", t("relay_refused"), class_="tt-prompt", data_relay_refused="1"), lang=lang
        )
        return
    if params.get("create") == "1":
        page = HostPage(None)
    elif params.get("host"):
        saved = load(f"trading-table-host:{params['host']}")
        if saved:
            page = HostPage(json.loads(saved))
        else:
            show_error(t("no_saved"))
    elif room_code(params.get("room")):
        page = GuestPage(str(room_code(params.get("room"))), bool(message.get("quick")))
    if page is None:
        post("paint", html=start_form(), lang=lang)
    elif isinstance(page, HostPage):
        page.repaint()
    else:
        page.paint()


def explain(key: str) -> str:
    """Return what a thing on this device's board is and does now."""
    return page.explain(key) if page is not None else ""


def rules() -> str:
    """Return the rules of the game played at this table, once it is known."""
    return rules_html(page.game_id(), lang) if page is not None and page.game_id() else ""


def on(run: Callable[[HostPage | GuestPage, dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    """A handler that runs on the page once it is a host's or a guest's."""
    return lambda message: run(page, message) if page is not None else None


receive = serve(
    {
        "start": start,
        "click": on(
            lambda p, m: (
                p.click(m["attrs"]) if isinstance(p, HostPage) else p.click(m["attrs"], m.get("shown"))
            )
        ),
        "rtc": on(lambda p, m: p.from_page(m)),
        "explain": lambda m: post("sheet", html=explain(m["key"])),
        "rules": lambda m: post("sheet", html=rules()),
    }
)
