"""Django admin: the FIDE rating list import (an upload streamed through the same code as the command)."""

from __future__ import annotations

import datetime as _dt

from django import forms
from django.contrib import admin, messages
from django.shortcuts import redirect, render
from django.urls import path

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_LIST_BYTES
from arbitro.web.tournaments import models

from . import importing as ratings_import


class RatingListUploadForm(forms.Form):
    file = forms.FileField(help_text="players_list_foa.txt, players_list_xml_foa.xml or a per-type list")
    period = forms.CharField(help_text="month of the list, YYYY-MM", initial=lambda: _dt.date.today().strftime("%Y-%m"))
    rating_type = forms.ChoiceField(
        required=False,
        choices=[("", "combined list"), ("standard", "standard"), ("rapid", "rapid"), ("blitz", "blitz")],
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_LIST_BYTES:  # limits.md: the combined XML list is about 856 MB
            raise forms.ValidationError(f"a FIDE rating list holds at most {MAX_LIST_BYTES // 2**30} GB")
        return upload


@admin.register(models.RatingListEntry)
class RatingListAdmin(admin.ModelAdmin):
    list_display = ("fide_id", "name", "federation", "title", "standard", "rapid", "blitz", "period")
    search_fields = ("name", "fide_id")
    list_filter = ("federation",)
    change_list_template = "admin/tournaments/ratinglistentry/change_list.html"

    def get_urls(self):
        return [
            path("import/", self.admin_site.admin_view(self.import_view), name="tournaments_ratinglist_import"),
            *super().get_urls(),
        ]

    def import_view(self, request):
        """Upload a FIDE rating list; it is streamed through the core parser (same code as the command)."""
        if not self.has_add_permission(request):
            return redirect("admin:index")
        form = RatingListUploadForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            upload = request.FILES["file"]
            try:
                stats = ratings_import.import_stream(
                    upload.open("rb"),
                    period=ratings_import.parse_period(form.cleaned_data["period"]),
                    fmt=ratings_import.guess_format(upload.name or ""),
                    rating_type=form.cleaned_data["rating_type"] or None,
                )
            except ArbitroError as err:
                messages.error(request, str(err))
            else:
                messages.success(request, stats.summary())
                return redirect("admin:tournaments_ratinglistentry_changelist")
        context = {**self.admin_site.each_context(request), "form": form, "title": "Import a FIDE rating list"}
        return render(request, "admin/tournaments/ratinglistentry/import.html", context)
