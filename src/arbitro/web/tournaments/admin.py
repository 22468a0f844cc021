"""Django admin: federation data, roles, and the FIDE rating list import."""

from __future__ import annotations

from django.contrib import admin

from . import models


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "status", "published", "season", "fma_category", "version")
    list_filter = ("status", "published", "season")
    search_fields = ("name", "slug")
    exclude = ("base_trf", "state_trf")


@admin.register(models.TournamentEvent)
class EventAdmin(admin.ModelAdmin):
    list_display = ("tournament", "seq", "kind", "author", "created")
    list_filter = ("kind",)

    def has_change_permission(self, request, obj=None):  # the log is append-only
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(models.Role)
class RoleAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "tournament")
    list_filter = ("kind",)


@admin.register(models.Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ("name", "fide_id", "federation", "fma_category", "user")
    search_fields = ("name", "fide_id")


admin.site.register(models.Season)
admin.site.register(models.CategoryHistory)
admin.site.register(models.ByeRequest)


@admin.register(models.RatingListEntry)
class RatingListAdmin(admin.ModelAdmin):
    list_display = ("fide_id", "name", "federation", "title", "standard", "rapid", "blitz", "period")
    search_fields = ("name", "fide_id")
    list_filter = ("federation",)
