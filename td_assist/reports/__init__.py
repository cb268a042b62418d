"""Printable documents made from the ruling log and its boards, the same from the web
app and from the command line (which must not load the web app to make them)."""
