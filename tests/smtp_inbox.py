"""A real SMTP server (aiosmtpd, over TCP on 127.0.0.1) started for a test, and the
mail it has received: the notices' tests read what the server sent."""

from __future__ import annotations

import email
from collections.abc import Iterator
from contextlib import contextmanager

from aiosmtpd.controller import Controller

from serving import free_port


class Inbox:
    def __init__(self) -> None:
        self.mail: list = []  # aiosmtpd's envelopes, as they came
        self.port = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.mail.append(envelope)
        return "250 OK"

    def to(self, address: str) -> list[str]:
        """The mail sent to ``address``: its subject line and its text, decoded."""
        out = []
        for m in self.mail:
            if address in m.rcpt_tos:
                message = email.message_from_bytes(m.content)
                body = message.get_payload(decode=True).decode()
                out.append(f"Subject: {message['Subject']}\n{body}")
        return out


@contextmanager
def receiving() -> Iterator[Inbox]:
    """An SMTP server listening while the block runs; ``port`` says where."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    inbox.port = controller.port
    try:
        yield inbox
    finally:
        controller.stop()
