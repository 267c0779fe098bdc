"""Reads an OFX or QBO file written by Ledgerline with ofxparse (and, for OFX 2.x XML, with the
standard library's strict XML parser too) and prints what they understood as JSON (round-trip test).

ofxparse takes the encoding from the SGML header; an OFX 2.x file has none (its XML declaration says
UTF-8), so ofxparse would read the body as ASCII. For that case only, the body is handed to ofxparse with
non-ASCII characters as XML character references, which an XML reader sees as the same text.
"""
import io
import json
import sys
import xml.etree.ElementTree as ET

from ofxparse import OfxParser


def main(path):
    raw = open(path, "rb").read()
    out = {}
    if raw.startswith(b"<?xml"):
        root = ET.fromstring(raw)  # raises on anything that is not well-formed UTF-8 XML
        out["xml_names"] = [e.text for e in root.iter("NAME")]
        out["xml_memos"] = [e.text for e in root.iter("MEMO")]
        feed = raw.decode("utf-8").encode("ascii", "xmlcharrefreplace")
    else:
        feed = raw
    ofx = OfxParser.parse(io.BytesIO(feed))
    acct = ofx.account
    st = acct.statement
    out.update({
        "headers": dict(ofx.headers) if hasattr(ofx, "headers") else {},
        "account_id": acct.account_id,
        "routing_number": getattr(acct, "routing_number", ""),
        "account_type": getattr(acct, "account_type", ""),
        "type": acct.type,
        "currency": st.currency,
        "balance": str(st.balance),
        "balance_date": st.balance_date.date().isoformat() if st.balance_date else None,
        "start_date": st.start_date.date().isoformat(),
        "end_date": st.end_date.date().isoformat(),
        "institution": {"org": acct.institution.organization, "fid": acct.institution.fid} if acct.institution else None,
        "transactions": [
            {"id": t.id, "type": t.type, "date": t.date.date().isoformat(), "hour": t.date.hour,
             "amount": str(t.amount), "payee": t.payee, "memo": t.memo}
            for t in st.transactions
        ],
    })
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
