"""Django admin: federation data, organisations, roles, people and seasons (the rating lists: web/ratings/admin.py)."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from . import federation, models, permissions


class OrganisationForm(forms.ModelForm):
    """The rulebook is a code of the federations registry (empty: FIDE rules only)."""

    class Meta:
        model = models.Organisation
        fields = ("name", "slug", "kind", "rulebook", "parent")

    def __init__(self, *args, **kwargs):
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


@admin.register(models.ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """An organisation's push tokens (issue 37 item 5): seen and revoked here, issued by ``arbitro manage api_token``
    (a token is shown once; only its hash is stored)."""

    list_display = ("prefix", "organisation", "name", "created", "last_used", "revoked")
    list_filter = ("revoked", "organisation")
    fields = ("organisation", "name", "prefix", "created", "last_used", "revoked")
    readonly_fields = ("organisation", "prefix", "created", "last_used")

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_change_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_add_permission(self, request):
        return False


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
        return qs.filter(organisation__in=permissions.administered(request.user))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "organisation" and not request.user.is_superuser:
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
        return qs.filter(tournament__organisation__in=permissions.administered(request.user))


@admin.register(models.Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ("name", "fide_id", "federation", "category", "user")
    search_fields = ("name", "fide_id")


admin.site.register(models.Season)
admin.site.register(models.CategoryHistory)
admin.site.register(models.ByeRequest)
