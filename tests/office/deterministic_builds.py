"""Build one file with every deterministic writer into argv[1].

Run twice by test_determinism.py in separate processes, seconds apart and
under different TZ values; every file must come out byte-identical. The
`control_*` files are written with the libraries' plain save methods and
must differ between the two runs, which proves the runs were far enough
apart for the check to mean something.
"""

from __future__ import annotations

import sys
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import openpyxl  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402
from reportlab.platypus import Paragraph, Spacer  # noqa: E402

from whitecollar.office import (  # noqa: E402
    add_heading,
    add_letterhead,
    add_page_number_footer,
    add_table,
    build_pdf,
    make_canvas,
    new_document,
    page_number_footer,
    paragraph_styles,
    save_document,
    save_figure_png,
    save_png,
    save_workbook,
    write_csv,
    write_eml,
    write_ics,
)


def build(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Budget"
    ws.append(["Poste", "Montant"])
    ws.append(["Loyer — Montréal", 1250.5])
    ws.append(["Total", "=SUM(B2:B2)"])
    ws["D1"] = datetime(2025, 3, 1, 9, 30)
    save_workbook(wb, out / "book.xlsx", title="Budget", creator="Hélène Côté")
    wb.save(out / "control_plain.xlsx")

    doc = new_document()
    add_letterhead(
        doc, "Boréal Logistique inc.", ["1250, boul. René-Lévesque Ouest", "Montréal (Québec) H3B 4W8"], "514 555-0142"
    )
    add_page_number_footer(doc)
    add_heading(doc, "Rapport trimestriel", 0)
    add_heading(doc, "Sommaire", 1)
    doc.add_paragraph("Les revenus du T3 dépassent le budget de 4,2 %.")
    add_table(doc, ["Compte", "Montant"], [["4000", "1 250,00 $"]], col_widths_cm=[5, 3], align_right_cols=(1,))
    save_document(doc, out / "report.docx", title="Rapport", author="Hélène Côté")
    doc.save(out / "control_plain.docx")

    ss = paragraph_styles()
    build_pdf(
        out / "letter.pdf",
        [
            Paragraph("Boréal — Québec — Montréal", ss["Title"]),
            Spacer(1, 12),
            Paragraph("Facture révisée, payable à 30 jours.", ss["Body"]),
        ],
        title="Facture",
        author="Boréal",
        subject="Relance",
        on_page=page_number_footer("Réf. BL-2025-014"),
    )
    canvas = make_canvas(out / "form.pdf", title="Formulaire", author="Boréal")
    canvas.drawString(72, 700, "Reçu n° 42 — Montréal")
    canvas.showPage()
    canvas.save()

    write_eml(
        out / "message.eml",
        headers=[
            ("Date", "Mon, 20 Jan 2025 09:14:00 -0500"),
            ("Message-ID", "<1@boreal.example>"),
            ("From", "Hélène Côté <helene@boreal.example>"),
            ("To", "marie@client.example"),
            ("Subject", "Facture révisée"),
        ],
        body="Bonjour,\n\nCi-joint la facture.\n",
        attachments=[("f.csv", b"a,b\n", "text/csv")],
        boundary_seed="det",
    )

    write_ics(
        out / "meetings.ics",
        prodid="-//Boreal//Agenda//FR",
        calname="Comité",
        timezones=["Europe/Paris"],
        events=[
            {
                "uid": "e1@boreal.example",
                "dtstamp": datetime(2025, 1, 2, 12, 0, tzinfo=UTC),
                "start": datetime(2025, 1, 20, 9, 30, tzinfo=ZoneInfo("America/Toronto")),
                "end": datetime(2025, 1, 20, 10, 30, tzinfo=ZoneInfo("America/Toronto")),
                "summary": "Revue budgétaire",
                "attendees": ["a@b.example"],
            },
            {
                "uid": "e2@boreal.example",
                "dtstamp": datetime(2025, 1, 2, 12, 0, tzinfo=UTC),
                "start": date(2025, 2, 3),
                "summary": "Férié",
            },
        ],
    )

    write_csv(out / "ledger.csv", ["date", "montant"], [["2025-01-02", 12.5], ["2025-01-03", None]])

    image = Image.new("RGB", (120, 80), "white")
    ImageDraw.Draw(image).rectangle([10, 10, 60, 40], fill=(31, 56, 100))
    save_png(image, out / "shape.png")

    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([1, 2, 3], [2, 1, 3])
    ax.set_title("Ventes")
    save_figure_png(fig, out / "figure.png", dpi=60)
    fig.savefig(out / "control_plain.png", dpi=60)  # matplotlib stamps Software, nothing else
    plt.close(fig)


if __name__ == "__main__":
    build(Path(sys.argv[1]))
