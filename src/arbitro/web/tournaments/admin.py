"""Django admin: federation data, roles, and the FIDE rating list import."""

from __future__ import annotations

import datetime as _dt

from django import forms
from django.contrib import admin, messages
from django.shortcuts import redirect, render
from django.urls import path

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_LIST_BYTES
from arbitro.web.ratings import importing as ratings_import

from . import models


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


class OrganisationForm(forms.ModelForm):
    """The rulebook is a code of the federations registry (empty: FIDE rules only)."""

    class Meta:
        model = models.Organisation
        fields = ("name", "slug", "kind", "rulebook", "parent")

    def __init__(self, *args, **kwargs):
        from . import federation

        super().__init__(*args, **kwargs)
        self.fields["rulebook"] = forms.ChoiceField(
            label=self.fields["rulebook"].label, choices=federation.rulebook_choices(), required=False
        )


class MembershipInline(admin.TabularInline):
    model = models.Membership
    extra = 1


@admin.register(models.Organisation)
class OrganisationAdmin(admin.ModelAdmin):
    """Organisations are the site superuser's (issue 19 item 5); their admins manage members at the desk."""

    form = OrganisationForm
    list_display = ("name", "slug", "kind", "rulebook", "parent")
    list_filter = ("kind",)
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline]

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    has_add_permission = has_change_permission = has_delete_permission = has_view_permission


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "organisation", "status", "published", "season", "category", "version")
    list_filter = ("organisation", "status", "published", "season")
    search_fields = ("name", "slug")
    exclude = ("base_trf", "state_trf")

    def get_queryset(self, request):  # a staff account that is not the superuser: its organisations only
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        from . import permissions

        return qs.filter(organisation__in=permissions.administered(request.user))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "organisation" and not request.user.is_superuser:
            from . import permissions

            kwargs["queryset"] = models.Organisation.objects.filter(
                pk__in=[o.pk for o in permissions.administered(request.user)]
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(models.TournamentEvent)
class EventAdmin(admin.ModelAdmin):
    list_display = ("tournament", "seq", "kind", "author", "created")
    list_filter = ("kind",)

    def has_add_permission(self, request):  # the log is written by the tournament service only
        return False

    def has_change_permission(self, request, obj=None):  # the log is append-only
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(models.Role)
class RoleAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "tournament")
    list_filter = ("kind",)

    def get_queryset(self, request):  # a staff account that is not the superuser: its organisations' tournaments
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        from . import permissions

        return qs.filter(tournament__organisation__in=permissions.administered(request.user))


@admin.register(models.Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ("name", "fide_id", "federation", "category", "user")
    search_fields = ("name", "fide_id")


admin.site.register(models.Season)
admin.site.register(models.CategoryHistory)
admin.site.register(models.ByeRequest)


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
