"""The user manual inside the web app (issue 33 item 6; VCL4THP Q11-Q14).

The manual is Markdown, one file per chapter, in English and Spanish with the same
chapters and the same heading anchors: ``content/<lang>/<page>.md`` (``docs/manual`` in the
repository is a link to that folder, the one source). :mod:`.content` renders it with the
``markdown`` package; ``/manual/`` and ``/manual/<page>/`` show it in the reader's language
(the app's cookie, as every page); :mod:`.help` maps each page of the app (its URL name) to
the chapter and section that explain it, the target of the help link in the site's header.
"""
