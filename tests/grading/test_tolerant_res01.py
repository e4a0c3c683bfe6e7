"""Counts written in words inside running prose, read as digits."""
from whitecollar.grading.tolerant import count_words_as_digits


def test_count_words_become_digits():
    assert count_words_as_digits("R1 removed eighteen rows and R6 twenty-one cells") == "R1 removed 18 rows and R6 21 cells"
    assert count_words_as_digits("Seven cells were recoded.") == "7 cells were recoded."


def test_words_that_are_rarely_counts_stay():
    assert count_words_as_digits("No rows were dropped; both codes were found.") == "No rows were dropped; both codes were found."
    assert count_words_as_digits("R2 converted 7 cells") == "R2 converted 7 cells"
    assert count_words_as_digits(None) == ""
