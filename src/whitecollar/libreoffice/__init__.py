"""LibreOffice, run headless: recalculating delivered workbooks and rendering generated documents.

What a grader needs of LibreOffice is a formula's value in a workbook whose
writer did not store it, computed by a real spreadsheet engine; what a
person checking a generator needs is page images. Both start and supervise
LibreOffice processes, which is this package's whole concern: `soffice`
runs one conversion with its own profile and a bounded time,
`shared_office` keeps one long-lived instance per cache for every grading
process (`uno_client` is the side that talks to it), `recalc` recalculates
in batches through it, `recalc_cache` stores the results by content,
`recalc_inputs` decides what may be recalculated, `prefetcher` recalculates
finished runs' workbooks ahead of their grading, `workbook` reads a
delivered workbook with its formulas recalculated, and `preview` renders
pages. The document formats themselves are `whitecollar.office`'s.
Foundation layer, above `office`: it imports `office` (its model, guard,
zip check and workbook reader) and the foundation below it, and `office`
never imports it back.
"""

from whitecollar.libreoffice.preview import render_pages
from whitecollar.libreoffice.recalc import prefetch, recalculate, soffice_available
from whitecollar.libreoffice.workbook import read_workbook

__all__ = ["prefetch", "read_workbook", "recalculate", "render_pages", "soffice_available"]
