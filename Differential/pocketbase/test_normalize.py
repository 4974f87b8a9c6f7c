"""Unit tests of normalize.py (no server needed): python3 -m unittest test_normalize"""

import base64
import json
import time
import unittest

from normalize import Normalizer


def jwt(claims: dict) -> str:
    def b64(doc: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("=")
    return f"{b64({'alg': 'HS256', 'typ': 'JWT'})}.{b64(claims)}.c2lnbmF0dXJl"


class NormalizerTests(unittest.TestCase):
    def test_ids_are_labelled_by_first_appearance_in_sorted_key_order(self):
        n = Normalizer()
        out = n.value({"b": "bbbbbbbbbbbbbbb", "a": "aaaaaaaaaaaaaaa", "c": ["bbbbbbbbbbbbbbb"]})
        self.assertEqual(out, {"a": "<id:1>", "b": "<id:2>", "c": ["<id:2>"]})

    def test_two_servers_with_different_ids_normalise_alike(self):
        a, b = Normalizer(), Normalizer()
        self.assertEqual(a.value({"id": "x1x1x1x1x1x1x1x", "post": "y2y2y2y2y2y2y2y"}),
                         b.value({"id": "q9q9q9q9q9q9q9q", "post": "r8r8r8r8r8r8r8r"}))

    def test_collection_and_field_ids_are_kept(self):
        n = Normalizer()
        self.assertEqual(n.value({"collectionId": "pbc_1125843985", "f": "text3208210256"}),
                         {"collectionId": "pbc_1125843985", "f": "text3208210256"})

    def test_generated_timestamps_become_their_class_but_written_ones_stay(self):
        n = Normalizer(now=time.time())
        now = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
        self.assertEqual(n.value(now + ".123Z"), "<datetime>")
        self.assertEqual(n.value("2025-01-01 00:00:00.001Z"), "<datetime>")
        self.assertEqual(n.value("2024-06-15 10:00:00.000Z"), "2024-06-15 10:00:00.000Z")

    def test_file_names_keep_the_stem_and_lose_the_random_suffix(self):
        n = Normalizer()
        self.assertEqual(n.value("my_notes_v2_ab12cd34ef.txt"), "my_notes_v2_<file:1>.txt")
        self.assertEqual(n.value("batch_ab12cd34ef_0123456789.txt"), "batch_<file:1>_<file:2>.txt")
        self.assertEqual(n.value({"message": '"page_zz12cd34ef.html" mime type must be one of: text/plain.'}),
                         {"message": '"page_<file:3>.html" mime type must be one of: text/plain.'})
        self.assertEqual(n.value("validation_min_text_constraint"), "validation_min_text_constraint")

    def test_tokens_become_claims_with_lifetime(self):
        now = time.time()
        n = Normalizer(now=now)
        token = jwt({"id": "aaaaaaaaaaaaaaa", "collectionId": "_pb_users_auth_", "exp": int(now) + 432000,
                     "refreshable": True, "type": "auth"})
        self.assertEqual(n.value({"token": token}), {"token": {"<jwt>": {
            "<lifetime~min>": 7200, "collectionId": "_pb_users_auth_", "id": "<id:1>", "refreshable": True,
            "type": "auth"}}})
        with_iat = jwt({"exp": 1000, "iat": 400})
        self.assertEqual(n.value(with_iat), {"<jwt>": {"<lifetime>": 600}})

    def test_base_url_and_ids_in_urls(self):
        n = Normalizer(base_url="http://127.0.0.1:5555")
        self.assertEqual(n.value("http://127.0.0.1:5555/api/files/posts/aaaaaaaaaaaaaaa/a_ab12cd34ef.png"),
                         "<base>/api/files/posts/<id:1>/a_<file:1>.png")

    def test_response_keeps_status_content_type_and_disposition(self):
        n = Normalizer()
        out = n.response(200, {"content-type": "image/png",
                               "content-disposition": 'inline; filename="x_ab12cd34ef.png"'}, b"\x89PNG")
        self.assertEqual(out["contentDisposition"], 'inline; filename="x_<file:1>.png"')
        self.assertEqual(n.response(204, {}, b""), {"status": 204, "contentType": None, "body": None})


if __name__ == "__main__":
    unittest.main()
