"""The CSV files teachers hand in are read whole or refused with the line at fault (evolab.csvfile)."""
from __future__ import annotations

import csv

import pytest

from evolab import classdata, concepttest
from evolab.csvfile import data_rows


class Refused(ValueError):
    def __init__(self, message, field=""):
        super().__init__(message)
        self.field = field


def rows(text):
    return list(data_rows(text, ("a", "b"), "f.csv", Refused))


def test_rows_are_stripped_and_blank_lines_skipped():
    assert rows("A, B\n1 , 2\n\n , \n3,4\n") == [("line 2", ["1", "2"]), ("line 5", ["3", "4"])]


@pytest.mark.parametrize("text,field,words", [
    ("", "", "f.csv: an empty CSV file"),
    ("a,c\n1,2\n", "header", "must be a, b (found a, c)"),
    ("a,b\n1,2\n3\n", "line 3", "line 3 has 1 values, not 2"),
])
def test_a_file_of_the_wrong_shape_is_refused_naming_the_place(text, field, words):
    with pytest.raises(Refused) as e:
        rows(text)
    assert words in str(e.value) and e.value.field == field


def test_text_the_csv_module_cannot_parse_is_refused():
    old = csv.field_size_limit(8)
    try:
        with pytest.raises(Refused, match="not a readable CSV"):
            rows("a,b\n1,a value longer than the limit\n")
    finally:
        csv.field_size_limit(old)


def test_both_readers_refuse_through_it():
    with pytest.raises(classdata.ClassDataError, match="line 2 has 2 values, not 6") as e:
        classdata.loads(b"group,condition,game,generation,carriers,alive\nA,x\n", "g.csv")
    assert e.value.field == "line 2"
    with pytest.raises(concepttest.ConceptTestError, match="start from concept_test_template.csv") as e:
        concepttest.read(b"name,q1\n", "answers.csv")
    assert e.value.field == "header"
