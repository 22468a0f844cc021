"""An organisation's members at the desk (issue 19 item 5): its admin adds, changes and removes them.

The site superuser manages the organisations themselves (Django admin); an organisation's admin manages
only its own members: another organisation's page answers 403.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from arbitro.web.tournaments import models, permissions

Role = models.Membership.Role


def _last_admin(org: models.Organisation, membership: models.Membership) -> bool:
    """Would removing or demoting ``membership`` leave the organisation without an admin?"""
    return membership.role == Role.ADMIN and not org.memberships.filter(role=Role.ADMIN).exclude(pk=membership.pk).exists()


@login_required
def members(request: HttpRequest, org: str) -> HttpResponse:
    who = get_object_or_404(models.Organisation, slug=org)
    if not permissions.is_org_admin(request.user, who.pk):
        raise PermissionDenied
    if request.method == "POST":
        op = request.POST.get("op", "")
        if op == "add":
            username = (request.POST.get("username") or "").strip()
            role = request.POST.get("role") or Role.ARBITER
            user = get_user_model().objects.filter(username=username).first()
            if role not in Role.values:
                messages.error(request, _("Choose admin or arbiter."))
            elif user is None:
                messages.error(request, _("There is no user %(name)s; the site's administrator creates accounts.") % {"name": username})
            else:
                m, created = models.Membership.objects.get_or_create(user=user, organisation=who, defaults={"role": role})
                if not created and m.role != role:
                    if _last_admin(who, m):
                        messages.error(request, _("The organisation needs at least one admin."))
                        return redirect("tournaments:desk_members", org=who.slug)
                    m.role = role
                    m.save(update_fields=["role"])
                messages.success(request, _("%(name)s is now %(role)s of %(org)s.") % {
                    "name": user.get_username(), "role": m.get_role_display(), "org": who.name})
        elif op == "remove":
            m = who.memberships.filter(pk=request.POST.get("membership") or 0).select_related("user").first()
            if m is None:
                messages.error(request, _("No such member."))
            elif _last_admin(who, m):
                messages.error(request, _("The organisation needs at least one admin."))
            else:
                m.delete()
                messages.success(request, _("%(name)s is no longer a member of %(org)s.") % {
                    "name": m.user.get_username(), "org": who.name})
        return redirect("tournaments:desk_members", org=who.slug)
    return render(
        request,
        "members/members.html",
        {"org": who, "rows": who.memberships.select_related("user"), "roles": Role.choices, "no_refresh": True},
    )
