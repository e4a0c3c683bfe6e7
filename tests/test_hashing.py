import os

from whitecollar.hashing import listing_digest, sha256_bytes, tree_digest, tree_listing


def test_listing_is_sorted_and_ignores_mtimes(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.txt").write_text("z")
    (tmp_path / "a.txt").write_text("a")
    first = tree_digest(tmp_path)
    os.utime(tmp_path / "a.txt", (1, 1))
    assert tree_digest(tmp_path) == first
    assert list(tree_listing(tmp_path)) == ["a.txt", "b/z.txt"]


def test_any_byte_name_or_count_change_changes_the_digest(tmp_path):
    (tmp_path / "a.txt").write_text("a")
    d0 = tree_digest(tmp_path)
    (tmp_path / "a.txt").write_text("b")
    d1 = tree_digest(tmp_path)
    (tmp_path / "a.txt").rename(tmp_path / "c.txt")
    d2 = tree_digest(tmp_path)
    (tmp_path / "d.txt").write_text("")
    d3 = tree_digest(tmp_path)
    assert len({d0, d1, d2, d3}) == 4


def test_symlinks_are_listed_not_followed(tmp_path):
    secret = tmp_path / "outside.txt"
    secret.write_text("secret")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "link.txt").symlink_to(secret)
    listing = tree_listing(tree)
    assert listing["link.txt"].startswith("symlink:")
    assert listing["link.txt"] != "symlink:" + sha256_bytes(b"secret")


def test_listing_digest_matches_sha256sum_format():
    listing = {"x": "0" * 64}
    assert listing_digest(listing) == sha256_bytes(("0" * 64 + "  x\n").encode())


def test_snakemake_marker_at_the_top_is_not_part_of_the_tree(tmp_path):
    (tmp_path / "a.txt").write_text("a")
    before = tree_digest(tmp_path)
    (tmp_path / ".snakemake_timestamp").write_text("")
    assert tree_digest(tmp_path) == before
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / ".snakemake_timestamp").write_text("")
    assert tree_digest(tmp_path) != before
