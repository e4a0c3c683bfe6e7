"""Office documents: deterministic writers for generators, tolerant readers
for evaluators.

Writers produce the same bytes on any machine, day and time zone, because
the freeze manifest hashes every generated file. Readers turn whatever an
agent delivered into the plain structures of `model`, or a `Failure` whose
reason a receipt can quote; they never raise.
Recalculating a workbook and rendering pages run LibreOffice, whose process
machinery is a package of its own (`whitecollar.libreoffice`): the workbook
reader asks it for a formula's value when the file holds none.
Foundation layer: it imports the standard library, the document libraries
and `atomic`/`bounded`, never a stage of the pipeline.
"""

from whitecollar.office.csv_reader import read_csv
from whitecollar.office.csvio import write_csv
from whitecollar.office.docx import (
    add_heading,
    add_letterhead,
    add_page_number_footer,
    add_table,
    new_document,
    save_document,
)
from whitecollar.office.docx_reader import read_docx
from whitecollar.office.eml import write_eml
from whitecollar.office.guard import DEFAULT_MAX_BYTES, check_regular_file
from whitecollar.office.ics import write_ics
from whitecollar.office.model import (
    Cell,
    Document,
    Failure,
    Paragraph,
    PdfText,
    Sheet,
    Table,
    Workbook,
)
from whitecollar.office.pdf import build_pdf, make_canvas, page_number_footer, paragraph_styles
from whitecollar.office.pdf_reader import read_pdf
from whitecollar.office.png import save_figure_png, save_png
from whitecollar.office.text_reader import read_json, read_text
from whitecollar.office.xlsx import save_workbook
from whitecollar.office.xlsx_reader import read_xlsx
from whitecollar.office.zipcanon import canonical_zip

__all__ = [
    "DEFAULT_MAX_BYTES",
    "Cell",
    "Document",
    "Failure",
    "Paragraph",
    "PdfText",
    "Sheet",
    "Table",
    "Workbook",
    "add_heading",
    "add_letterhead",
    "add_page_number_footer",
    "add_table",
    "build_pdf",
    "canonical_zip",
    "check_regular_file",
    "make_canvas",
    "new_document",
    "page_number_footer",
    "paragraph_styles",
    "read_csv",
    "read_docx",
    "read_json",
    "read_pdf",
    "read_text",
    "read_xlsx",
    "save_document",
    "save_figure_png",
    "save_png",
    "save_workbook",
    "write_csv",
    "write_eml",
    "write_ics",
]
