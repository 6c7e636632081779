#!/usr/bin/env python3
"""Plays a script against a pbm server with nothing but Python's
smtplib and imaplib: the mail client any player could have.

Usage: mailscript.py SMTP_HOST:PORT IMAP_HOST:PORT SERVER_ADDRESS SCRIPT

Script lines (blank lines and lines starting with # are skipped):
  send ADDR | SUBJECT [| BODY]   mail SUBJECT to the server from ADDR
  reply ADDR | TEXT              the reply to ADDR's last mail contains TEXT
  lacks ADDR | TEXT              the reply to ADDR's last mail does not
                                 contain TEXT
  await ADDR | SUBJECT | TEXT    some mail to ADDR has SUBJECT and TEXT
  answer ADDR | N | MOVE [| below]
                                 reply to ADDR's first board mail that asks
                                 for move N (its Reply-To), the body the
                                 move above the quote (as Thunderbird
                                 writes it) or below it (as mutt does); in
                                 place of "below", a client and language
                                 writes the reply bottom-posted: hu-gmail,
                                 cs-thunderbird, nl-apple
Each user's mailbox is read over IMAP with the address as login and
the password "pbm" (the embedded servers' default, or $PBM_PASSWORD).
"""
import email
import email.utils
import email.policy
import imaplib
import os
import smtplib
import sys
import time
import uuid
from email.message import EmailMessage

TIMEOUT = float(os.environ.get("MAILSCRIPT_TIMEOUT", "60"))
PASSWORD = os.environ.get("PBM_PASSWORD", "pbm")


def hostport(s):
    host, port = s.rsplit(":", 1)
    return host, int(port)


def send(smtp_addr, server, sender, subject, body):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = server
    msg["Subject"] = subject
    msg_id = "<%s@example.test>" % uuid.uuid4().hex
    msg["Message-ID"] = msg_id
    msg.set_content(body or "")
    with smtplib.SMTP(*hostport(smtp_addr)) as s:
        s.send_message(msg)
    return msg_id


def mailbox(imap_addr, user):
    m = imaplib.IMAP4(*hostport(imap_addr))
    try:
        m.login(user, PASSWORD)
        m.select("INBOX", readonly=True)
        typ, data = m.search(None, "ALL")
        out = []
        for num in data[0].split():
            typ, parts = m.fetch(num, "(BODY.PEEK[])")
            out.append(email.message_from_bytes(parts[0][1], policy=email.policy.default))
        return out
    finally:
        m.logout()


def text_of(msg):
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content() if part else ""


def wait_for(imap_addr, user, pred, what):
    deadline = time.time() + TIMEOUT
    seen = []
    while time.time() < deadline:
        seen = mailbox(imap_addr, user)
        for msg in seen:
            if pred(msg):
                return msg
        time.sleep(0.2)
    subjects = [str(m["Subject"]) for m in seen]
    sys.exit("FAIL: %s: no mail %s; mailbox has %s" % (user, what, subjects))


# How Gmail in Hungarian, Thunderbird in Czech and Apple Mail in Dutch
# introduce the mail they answer; %(name)s and %(addr)s are its sender.
ATTRIBUTIONS = {
    "hu-gmail": "%(name)s <%(addr)s> ezt írta (időpont: 2026. dec. 4., P,\n10:00):\n",
    "cs-thunderbird": "Dne 04. 12. 26 v 10:00 %(name)s napsal(a):",
    "nl-apple": "Op 4 dec. 2026, om 10:00 heeft %(name)s <%(addr)s> het volgende geschreven:\n",
}


def answer(smtp_addr, imap_addr, user, n, move, below=False):
    want = "To play move %s," % n
    board = wait_for(imap_addr, user,
                     lambda m: m["Reply-To"] is not None and want in text_of(m),
                     "asking for move %s" % n)
    msg = EmailMessage()
    msg["From"] = user
    msg["To"] = str(board["Reply-To"])
    msg["Subject"] = "Re: " + str(board["Subject"])
    msg["In-Reply-To"] = board["Message-ID"]
    msg["Message-ID"] = "<%s@example.test>" % uuid.uuid4().hex
    quoted = "\n".join("> " + l for l in text_of(board).splitlines())
    if below in ATTRIBUTIONS:
        name, addr = email.utils.parseaddr(str(board["From"]))
        head = ATTRIBUTIONS[below] % {"name": name, "addr": addr}
        msg.set_content("%s\n%s\n\n%s\n" % (head, quoted, move))
    elif below:
        msg.set_content("On Wed, Dec 02, 2026 at 04:25:24PM +0000, PBM Server wrote:\n%s\n\n%s\n\n-- \n%s\n" % (quoted, move, user))
    else:
        msg.set_content("%s\n\nOn a board mail, the server wrote:\n%s\n" % (move, quoted))
    with smtplib.SMTP(*hostport(smtp_addr)) as s:
        s.send_message(msg)
    return msg["Message-ID"]


def main():
    smtp_addr, imap_addr, server, script = sys.argv[1:5]
    last = {}
    steps = 0
    with open(script, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            verb, _, rest = line.partition(" ")
            fields = [x.strip() for x in rest.split("|")]
            addr = fields[0]
            if verb == "send":
                body = fields[2].replace("\\n", "\n") if len(fields) > 2 else ""
                last[addr] = send(smtp_addr, server, addr, fields[1], body)
            elif verb == "reply":
                want = fields[1]
                msg_id = last[addr]
                msg = wait_for(imap_addr, addr, lambda m: m["In-Reply-To"] == msg_id, "replying to " + msg_id)
                if want not in text_of(msg):
                    sys.exit("FAIL: %s: reply lacks %r:\n%s" % (addr, want, text_of(msg)))
            elif verb == "lacks":
                unwanted = fields[1]
                msg_id = last[addr]
                msg = wait_for(imap_addr, addr, lambda m: m["In-Reply-To"] == msg_id, "replying to " + msg_id)
                if unwanted in text_of(msg):
                    sys.exit("FAIL: %s: reply holds %r:\n%s" % (addr, unwanted, text_of(msg)))
            elif verb == "await":
                subject, want = fields[1], fields[2]
                wait_for(imap_addr, addr,
                         lambda m: str(m["Subject"]) == subject and want in text_of(m),
                         "with subject %r containing %r" % (subject, want))
            elif verb == "answer":
                below = fields[3] if len(fields) > 3 else False
                last[addr] = answer(smtp_addr, imap_addr, addr, fields[1], fields[2], below)
            else:
                sys.exit("bad script line: " + line)
            steps += 1
    print("mailscript: %d steps passed" % steps)


if __name__ == "__main__":
    main()
