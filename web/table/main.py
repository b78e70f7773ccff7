"""The table page: phones around one table. No rule lives here.

`?create=1&players=4&seats=human,human,human,bot` makes this device the host and the shared screen (it shows
the public board; `human` seats are for phones). `?room=CODE#k=SECRET` (the join link, the QR code) joins as a
guest; `?room=CODE` alone (the code typed in) joins once the host confirms the device on its screen. The
host is the only authority (pygame_core.engine.host). Every message is sealed with the table secret
(pygame_core.engine.tunnel), which never leaves the fragment and the devices; it travels through the relay
(docs/relay-protocol.md) until a WebRTC data channel to that peer opens, then over the channel;
`?transport=relay` never opens one. The relay is the site's own (built in by build.py): a link cannot
choose it.
"""

import asyncio
import hashlib
import json
import random
from functools import partial
from typing import Any

import segno
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_levels, make_bot
from pygame_core.catalog import catalog
from pygame_core.engine import GameError, get_board, get_game
from pygame_core.engine.host import Event, Gate, Guest, Host
from pygame_core.engine.howto import rules_html
from pygame_core.engine.link import read_link
from pygame_core.engine.render import Texts, esc, tag, translate
from pygame_core.engine.screen import Screen, end_panel, log_html, tools_html, with_last_event
from pygame_core.engine.table import HUMAN, Table
from pygame_core.engine.tunnel import new_secret, secret_bytes

RECONNECT_MS = 1500
REJOIN_MS = (
    2000  # a guest asks again for a room the relay does not know (it restarted; the host re-creates it)
)
root = document.documentElement
board = document.querySelector("#board")
query = window.URLSearchParams.new(window.location.search)
params: dict[str, str] = {k: query.get(k) for k in query.keys()}  # noqa: SIM118  (a JS iterator)
fragment = window.URLSearchParams.new(str(window.location.hash).lstrip("#"))
lang = params.get("lang") or ("ja" if str(window.navigator.language).startswith("ja") else "en")
use_webrtc = params.get("transport") != "relay"


def js(value: Any) -> Any:
    """Return a Python dict or list as a plain JS object."""
    return to_js(value, dict_converter=window.Object.fromEntries)


TEXTS: Texts = {
    "en": {
        "table": "Table",
        "bot": "bot ({name})",
        "connected": "phone connected ({transport})",
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
        "asks": "A phone that typed the room code asks to join. It shows {code}.",
        "let_in": "Let in",
        "refuse": "Refuse",
        "trouble": "A phone sent something the table could not read (ignored).",
        "relay_trouble": "The relay refused the table ({code}); it tries again.",
        "no_table": "Waiting for the table to open this room…",
        "relay_full": "The relay has no place for this phone now (the room is full): try again soon.",
    },
    "ja": {
        "table": "テーブル",
        "bot": "ボット（{name}）",
        "connected": "スマホ接続中（{transport}）",
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
        "asks": "ルームコードを入力したスマホが参加を求めています。表示されているコードは{code}です。",
        "let_in": "参加させる",
        "refuse": "断る",
        "trouble": "スマホから読み取れないデータが届きました（無視しました）。",
        "relay_trouble": "中継サーバーがテーブルを拒否しました（{code}）。再試行します。",
        "no_table": "テーブルがこのルームを開くのを待っています…",
        "relay_full": "中継サーバーに今このスマホの空きがありません（ルームが満員です）。"
        "しばらくしてからもう一度試してください。",
    },
}


def t(key: str, **fields: object) -> str:
    """Return the page's text for `key` in the page's language, fields escaped."""
    return translate(TEXTS, lang, key, **fields)


def show_error(message: str) -> None:
    """Show a message in the page's alert box."""
    window.TradingTable.showError(message)


def developer_log(*parts: object) -> None:
    """Log a peer's mistake for developers (the console), never on the shared screen."""
    window.console.warn("table:", *[str(p)[:200] for p in parts])


def relay_url() -> str:
    """Return the relay's WebSocket URL: the site's own (built in by build.py), else this origin's /relay."""
    meta = document.querySelector('meta[name="tt-relay"]')
    configured = str(meta.content) if meta is not None else ""
    scheme = "wss" if window.location.protocol == "https:" else "ws"
    return configured or f"{scheme}://{window.location.host}/relay"


def here(query_string: str) -> str:
    """Return this page's absolute URL with another query."""
    return f"{window.location.origin}{window.location.pathname}?{query_string}"


class Relay:
    """The WebSocket to the relay; it reconnects after a drop and calls `on_open` again."""

    def __init__(self, on_open: Any, on_message: Any) -> None:
        self.on_open, self.on_message = on_open, on_message
        self.ws: Any = None
        self.connect()

    def connect(self, *_: object) -> None:
        """Open the socket."""
        ws = window.WebSocket.new(relay_url())
        ws.onopen = create_proxy(lambda _: self.on_open())
        ws.onmessage = create_proxy(self.received)
        ws.onclose = create_proxy(lambda _: window.setTimeout(create_proxy(self.connect), RECONNECT_MS))
        self.ws = ws

    def received(self, event: Any) -> None:
        """Hand a relay message on; anything else is noted for developers."""
        try:
            message = json.loads(event.data)
        except (TypeError, ValueError, RecursionError):
            developer_log("the relay sent something that is not JSON")
            return
        if isinstance(message, dict):
            self.on_message(message)

    def send(self, message: dict[str, Any]) -> None:
        """Send a message if the socket is open (a reconnect re-sends what matters)."""
        if self.ws.readyState == 1:
            self.ws.send(json.dumps(message))


class Link:
    """A WebRTC data channel to one peer, its signalling sealed; until it opens, messages use the relay."""

    def __init__(self, relay: Relay, peer: str, on_text: Any, offer: bool, on_change: Any, seal: Any) -> None:
        self.relay, self.peer, self.on_text, self.on_change, self.seal = relay, peer, on_text, on_change, seal
        self.channel: Any = None
        self.lock = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()
        self.pc = window.RTCPeerConnection.new(js({"iceServers": []}))
        self.pc.onicecandidate = create_proxy(self.on_ice)
        if offer:
            self.attach(self.pc.createDataChannel("game"))
            self.run(self.offer())
        else:
            self.pc.ondatachannel = create_proxy(lambda e: self.attach(e.channel))

    def run(self, work: Any) -> None:
        """Run a coroutine of this link, keeping it alive; a failure is logged for developers only."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)

        def done(t: asyncio.Task[None]) -> None:
            self.tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                developer_log(f"WebRTC with {self.peer} failed:", t.exception())

        task.add_done_callback(done)

    @property
    def transport(self) -> str:
        """Return `webrtc` once the channel is open, else `relay`."""
        return "webrtc" if self.channel is not None and self.channel.readyState == "open" else "relay"

    def attach(self, channel: Any) -> None:
        """Use a data channel for this peer."""
        channel.onmessage = create_proxy(lambda e: self.on_text(self.peer, e.data))
        channel.onopen = create_proxy(lambda _: self.on_change())
        self.channel = channel

    def signal(self, data: dict[str, Any]) -> None:
        """Send signalling to the peer, sealed (the relay can neither read nor replace a fingerprint)."""
        text = self.seal({"t": "sig", "d": data})
        if text:
            self.relay.send({"type": "relay", "to": self.peer, "data": text})

    async def offer(self) -> None:
        """Make and send the offer."""
        async with self.lock:
            offer = await self.pc.createOffer()
            await self.pc.setLocalDescription(offer)
            self.signal({"sdp": {"type": offer.type, "sdp": offer.sdp}})

    async def on_signal(self, data: object) -> None:
        """Take the peer's offer, answer or ICE candidate (authenticated by the session), in order."""
        if not isinstance(data, dict):
            raise ValueError("signalling that is not an object")
        async with self.lock:
            sdp = data.get("sdp")
            if isinstance(sdp, dict) and sdp.get("type") in ("offer", "answer"):
                await self.pc.setRemoteDescription(js({"type": sdp["type"], "sdp": str(sdp.get("sdp"))}))
                if sdp["type"] == "offer":
                    answer = await self.pc.createAnswer()
                    await self.pc.setLocalDescription(answer)
                    self.signal({"sdp": {"type": answer.type, "sdp": answer.sdp}})
            elif isinstance(data.get("candidate"), dict):
                await self.pc.addIceCandidate(js(data["candidate"]))

    def on_ice(self, event: Any) -> None:
        """Send each local ICE candidate."""
        if event.candidate:
            self.signal({"candidate": event.candidate.toJSON().to_py()})

    def send(self, text: str) -> None:
        """Send a sealed message over the channel, or through the relay while it is not open."""
        if self.transport == "webrtc":
            self.channel.send(text)
        else:
            self.relay.send({"type": "relay", "to": self.peer, "data": text})

    def close(self) -> None:
        """Close the connection."""
        self.pc.close()


class HostPage:
    """This device hosts the table and shows the public board; phones join by link, QR code or code."""

    def __init__(self, session: dict[str, Any] | None) -> None:
        setup = read_link(params, bot_levels(get_game(params.get("game") or "futures")))
        game = get_game(setup.game)
        self.bots = {n: partial(make_bot, game, n) for n in bot_levels(game)}
        if session is not None:
            table = Table.from_json(session["table"], self.bots)
        else:
            table = Table.new(
                setup.game, list(setup.seats), random.randrange(1, 10**9), self.bots, setup.options
            )
        self.screen = Screen(table, get_board(setup.game), lang)
        self.host = Host(table, self.screen.names)
        if session is not None:
            self.host.tokens = {token: int(seat) for token, seat in session["tokens"].items()}
        self.room: str | None = session["room"] if session else None
        self.key: str | None = session["key"] if session else None
        saved_secret = session.get("secret") if session else None
        self.secret: str = saved_secret if secret_bytes(saved_secret) else new_secret()
        self.gate = Gate(self.host, self.secret)
        self.pace = setup.pace
        self.links: dict[str, Link] = {}
        self.asking: dict[str, str] = {}  # code-only peer -> its check code, until the host decides
        self.timer: Any = None
        self.draining = False
        self.painting = False
        self.troubled = False
        self.qr: tuple[str, str] = ("", "")
        self.relay = Relay(self.on_open, self.on_message)

    def on_open(self) -> None:
        """Create the room, or take it back (after a reload, a dropped socket or a relay restart)."""
        self.relay.send(
            {"type": "create", "room": self.room, "key": self.key} if self.room else {"type": "create"}
        )

    def on_message(self, msg: dict[str, Any]) -> None:
        """Handle the relay's messages."""
        kind, peer = msg.get("type"), msg.get("from") or msg.get("peer")
        if kind == "relay" and isinstance(peer, str):
            self.gate.push(peer, msg.get("data"))
            self.schedule()
        elif kind == "created":
            self.room, self.key = str(msg["room"]), str(msg["key"])
            window.history.replaceState(None, "", f"?host={self.room}&lang={lang}&pace={self.pace}")
            self.save()
            self.repaint()
        elif kind == "peer-left" and isinstance(peer, str):
            self.gate.leave(peer)
            self.asking.pop(peer, None)
            link = self.links.pop(peer, None)
            if link:
                link.close()
            self.repaint()
        elif kind == "error":
            code = str(msg.get("code"))
            developer_log("relay error", code, msg.get("message"))
            if code in ("bad-key", "no-room", "too-many-rooms"):
                show_error(t("relay_trouble", code=code))

    def schedule(self) -> None:
        """Handle queued guest messages soon (once per turn of the browser's loop, however many came)."""
        if not self.draining:
            self.draining = True
            window.setTimeout(create_proxy(self.drain), 0)

    def drain(self, *_: object) -> None:
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
                self.links[peer].run(self.links[peer].on_signal(detail))
            elif kind == "ready" and use_webrtc and peer not in self.links:
                self.links[peer] = Link(
                    self.relay, peer, self.from_channel, True, self.repaint, partial(self.gate.seal, peer)
                )
            elif kind == "close":
                self.asking.pop(peer, None)
                link = self.links.pop(peer, None)
                if link:
                    link.close()
            elif kind == "confirm":
                self.asking[peer] = str(detail)
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
        """Keep the room, its key, the table secret, the game and the seat tokens in the browser."""
        if self.room:
            data = {
                "room": self.room,
                "key": self.key,
                "secret": self.secret,
                "table": self.host.table.to_json(),
                "tokens": self.host.tokens,
            }
            window.TradingTable.store(f"trading-table-host:{self.room}", json.dumps(data))

    def bot_turn(self, *_: object) -> None:
        """Let the bot to act move, then update every guest."""
        self.timer = None
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
                status, buttons = t("bot", name=kind.kind), ""
            else:
                status = t("connected", transport=transport) if peer else t("waiting")
                buttons = tag(
                    "button", t("to_bot"), type="button", data_seat_bot=seat, class_="tt-act"
                ) + tag("button", t("to_phone"), type="button", data_seat_free=seat, class_="tt-act")
            rows.append(tag("li", f"{name}: {status} {buttons}", data_seat=seat, data_transport=transport))
        return tag("ul", "".join(rows), class_="tt-seat-list")

    def asking_html(self) -> str:
        """Return the code-only devices waiting for the host's decision, with their check codes."""
        rows = [
            tag(
                "li",
                t("asks", code=code)
                + " "
                + tag("button", t("let_in"), type="button", data_admit=peer, class_="tt-act")
                + tag("button", t("refuse"), type="button", data_refuse=peer, class_="tt-act"),
                data_asking=code,
            )
            for peer, code in self.asking.items()
        ]
        return tag("ul", "".join(rows), class_="tt-seat-list") if rows else ""

    def qr_svg(self, link: str) -> str:
        """Return the join link's QR code (made once per link)."""
        if self.qr[0] != link:
            self.qr = (link, segno.make(link, error="m").svg_inline(scale=4, dark="#111", light="#fff"))
        return self.qr[1]

    def repaint(self, *_: object) -> None:
        """Ask for a paint at the next frame (many changes in one frame paint once); let a bot move."""
        if self.host.table.bot_to_act() is not None and self.timer is None:
            self.timer = window.setTimeout(create_proxy(self.bot_turn), self.pace)
        if not self.painting:
            self.painting = True
            window.requestAnimationFrame(create_proxy(self.paint))

    def paint(self, *_: object) -> None:
        """Draw the room code, join link, QR code, seats and the public board."""
        self.painting = False
        if not self.room:
            board.innerHTML = tag("p", t("opening"), class_="tt-prompt")
            return
        link = here(f"room={self.room}") + f"#k={self.secret}"
        table, game = self.host.table, self.host.table.game
        public = get_board(game.id).render(
            game.view(table.state, None), [], lang=lang, names=self.screen.names
        )
        trouble = tag("p", t("trouble"), class_="tt-prompt", data_peer_trouble="1") if self.troubled else ""
        window.TradingTable.paint(
            board,
            tools_html(lang)
            + tag(
                "section",
                tag(
                    "h2",
                    t("table") + " " + tag("span", esc(self.room), class_="tt-room", data_room=self.room),
                )
                + tag("p", tag("a", esc(link), href=link, data_join=link))
                + tag("div", self.qr_svg(link), class_="tt-qr")
                + self.asking_html()
                + self.seats_html()
                + trouble,
                class_="tt-lobby",
            )
            + with_last_event(public, self.screen.last_event())
            + end_panel(get_board(game.id), game.view(table.state, None), self.screen.names, lang, peers=True)
            + log_html(get_board(game.id), table.log, lang, self.screen.names),
        )
        root.dataset.ready = "1"
        if table.over:
            root.dataset.gameOver = "1"

    def game_id(self) -> str:
        """Return the game played at this table."""
        return self.host.table.game.id

    def explain(self, key: str) -> str:
        """Return what a thing on the public board is and does now."""
        return self.screen.explain(key)

    def on_click(self, event: Any) -> None:
        """Hand a seat to a bot, free it for a new phone, or let a code-only device in or not."""
        target = event.target.closest("[data-seat-bot],[data-seat-free],[data-admit],[data-refuse]")
        if target is None:
            return
        try:
            if target.hasAttribute("data-admit"):
                peer = str(target.getAttribute("data-admit"))
                self.asking.pop(peer, None)
                self.gate.confirm(peer)
            elif target.hasAttribute("data-refuse"):
                peer = str(target.getAttribute("data-refuse"))
                self.asking.pop(peer, None)
                self.gate.refuse(peer)
            elif target.hasAttribute("data-seat-bot"):
                seat = int(target.getAttribute("data-seat-bot"))
                self.gate.send(self.host.release(seat, bot_levels(self.host.table.game)[1]))
            else:
                self.gate.send(self.host.release(int(target.getAttribute("data-seat-free")), HUMAN))
            self.run_events([*self.gate.drain(0), ("changed", "", None)])
        except GameError as e:
            show_error(str(e))


class GuestPage:
    """A phone at the table: its own seat's board, through the host, every message sealed."""

    def __init__(self, room: str) -> None:
        window.ttReceived = window.Array.new()
        self.room = room
        secret = fragment.get("k") or window.TradingTable.load(f"trading-table-secret:{room}")
        if secret_bytes(secret):
            window.TradingTable.store(f"trading-table-secret:{room}", secret)
        else:
            secret = None
        token = window.TradingTable.load(self.seat_key(secret)) or None
        self.guest = Guest(lang, token, secret)
        self.host_peer: str | None = None
        self.link: Link | None = None
        self.relay = Relay(self.on_open, self.on_message)

    def seat_key(self, secret: str | None) -> str:
        """Return where the seat token is kept: under the table secret it was given with, so a crafted link
        with this room's code and another secret never makes the phone send its token under that secret."""
        tag_ = hashlib.sha256(secret.encode()).hexdigest()[:16] if secret else "code-only"
        return f"trading-table-seat:{self.room}:{tag_}"

    def on_open(self) -> None:
        """Join the room (again, after a dropped socket)."""
        self.relay.send({"type": "join", "room": self.room})

    def rejoin(self, *_: object) -> None:
        """Ask for the room again (the relay did not know it: it restarted and the host is not back yet)."""
        self.on_open()

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
                window.setTimeout(create_proxy(self.rejoin), REJOIN_MS)
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
            self.link.run(self.link.on_signal(signal))
        if self.guest.last is not None:
            window.ttReceived.push(json.dumps(self.guest.last))
            self.guest.last = None
        if self.guest.token:
            window.TradingTable.store(self.seat_key(self.guest.secret), self.guest.token)
        if self.guest.secret:
            window.TradingTable.store(f"trading-table-secret:{self.room}", self.guest.secret)
        if self.guest.state is not before and before is None and self.guest.state is not None:
            self.restore_selection()
        self.paint()

    def restore_selection(self) -> None:
        """After a reload, select again what this phone had selected at the same version."""
        saved = window.TradingTable.load(f"trading-table-selected:{self.room}")
        try:
            version, selected = json.loads(saved) if saved else (None, [])
        except (TypeError, ValueError):
            return
        if self.guest.state is not None and version == self.guest.state["v"]:
            self.guest.selected = [str(s) for s in selected][:2]

    def paint(self, *_: object) -> None:
        """Draw this seat's board."""
        window.TradingTable.paint(board, self.guest.html())
        board.dataset.transport = self.link.transport if self.link else "relay"
        if self.guest.state is not None:
            root.dataset.ready = "1"
            if self.guest.state["view"].get("result") is not None:
                root.dataset.gameOver = "1"

    def game_id(self) -> str:
        """Return the game played at the table, once the host has said."""
        return self.guest.state["game"] if self.guest.state is not None else ""

    def explain(self, key: str) -> str:
        """Return what a thing on this seat's board is and does now."""
        return self.guest.explain(key)

    def on_click(self, event: Any) -> None:
        """Send an action to the host, or change the selected cards (kept across a reload)."""
        target = event.target.closest("[data-action],[data-select]")
        if target is None:
            return
        if target.hasAttribute("data-action"):
            message = self.guest.click("action", target.getAttribute("data-action"))
            if message:
                self.to_host(message)
        else:
            pressed = target.getAttribute("aria-pressed") == "true"
            self.guest.click("deselect" if pressed else "select", target.getAttribute("data-select"))
            if self.guest.state is not None:
                kept = json.dumps([self.guest.state["v"], self.guest.selected])
                window.TradingTable.store(f"trading-table-selected:{self.room}", kept)
            self.paint()


def start_form() -> str:
    """Return the forms that create a table of any game, and the one that joins a table by code."""
    return tag(
        "section",
        tag("h1", t("create"))
        + tag("p", t("create_note"))
        + catalog("../", table=True, lang=lang)
        + tag("h2", t("join"))
        + tag(
            "form",
            tag("input", name_="room", aria_label=t("code"), autocomplete="off", required="required")
            + tag("input", type="hidden", name_="lang", value=lang)
            + tag("button", t("join_button"), type="submit", class_="tt-act"),
        ),
        class_="tt-lobby",
    )


def main() -> None:
    """Start as host, guest or the start form, by the link."""
    page: Any = None
    if "relay" in params:  # a link must not choose where the table's messages go
        board.innerHTML = tag("p", t("relay_refused"), class_="tt-prompt", data_relay_refused="1")
        root.dataset.ready = "1"
        return
    if params.get("create") == "1":
        page = HostPage(None)
    elif params.get("host"):
        saved = window.TradingTable.load(f"trading-table-host:{params['host']}")
        if saved:
            page = HostPage(json.loads(saved))
        else:
            show_error(t("no_saved"))
    elif params.get("room"):
        page = GuestPage(params["room"].strip().upper())
    if page is None:
        board.innerHTML = start_form()
        root.dataset.ready = "1"
        return
    document.addEventListener("click", create_proxy(page.on_click))
    window.TradingTable.rules = create_proxy(
        lambda: rules_html(page.game_id(), lang) if page.game_id() else ""
    )
    window.TradingTable.explain = create_proxy(page.explain)
    if isinstance(page, HostPage):
        page.repaint()
    else:
        page.paint()


try:
    main()
except GameError as e:
    show_error(str(e))
