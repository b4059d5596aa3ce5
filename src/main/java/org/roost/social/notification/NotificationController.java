package org.roost.social.notification;

import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ListBody;
import org.roost.platform.web.Lists;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The caller's notifications: a keyset page with the unread count, and marking them read. */
@RestController
@RequestMapping(path = { ApiPaths.V1 + "/notifications", ApiPaths.UNVERSIONED + "/notifications" },
        produces = "application/json")
class NotificationController {

    /** The contract's list body plus the caller's unread count, so a client shows both from one request. */
    record NotificationList(List<NotificationRepresentation> items, long unreadCount,
            @JsonProperty("_links") Map<String, String> links) {
    }

    record UnreadCount(long unreadCount) {
    }

    /** @param ids the notifications to mark read; absent or null marks every one */
    record MarkRead(@Schema(types = { "array", "null" }) @Nullable @Size(max = 100) List<String> ids) {
    }

    private final NotificationService notifications;

    NotificationController(NotificationService notifications) {
        this.notifications = notifications;
    }

    @Operation(operationId = "listNotifications", summary = "List your notifications, newest activity first, with the unread count",
            tags = "notifications")
    @Outcomes(errors = { "400", "401", "403" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping
    ResponseEntity<NotificationList> list(@RequestParam(required = false) @Nullable Integer limit,
            @RequestParam(required = false) @Nullable String after, Caller caller, HttpServletRequest request) {
        String prefix = ApiPaths.prefix(request);
        boolean profiles = caller.scopes().contains(Scopes.USERS_READ);
        ResponseEntity<ListBody<NotificationRepresentation>> page = Lists.ok(request,
                notifications.page(caller, PageRequest.of(limit, after))
                        .map(n -> NotificationRepresentation.of(n, prefix, profiles)));
        ListBody<NotificationRepresentation> body = java.util.Objects.requireNonNull(page.getBody());
        return ResponseEntity.status(page.getStatusCode()).headers(page.getHeaders())
                .body(new NotificationList(body.items(), notifications.unreadCount(caller), body.links()));
    }

    @Operation(operationId = "getUnreadNotificationCount", summary = "How many of your notifications are unread",
            tags = "notifications")
    @Outcomes(errors = { "401", "403" })
    @GetMapping("/unread-count")
    UnreadCount unreadCount(Caller caller) {
        return new UnreadCount(notifications.unreadCount(caller));
    }

    /** Idempotent: marking a read notification, or another person's, changes nothing. */
    @Operation(operationId = "markNotificationsRead", summary = "Mark your notifications read (some or all)",
            tags = "notifications")
    @Outcomes(errors = { "400", "401", "403", "413", "415" }, beyondSchema = {
            @Rule(field = "ids", rule = "must be notification ids") })
    @PostMapping("/read")
    UnreadCount markRead(@Valid @RequestBody(required = false) @Nullable MarkRead command, Caller caller) {
        caller.requireUser(Scopes.NOTIFICATIONS_READ);
        List<Long> ids = command == null || command.ids() == null ? null
                : command.ids().stream().map(id -> Ids.tryParse(id).orElseThrow(
                        () -> ApiException.invalid("ids", "must be notification ids"))).toList();
        return new UnreadCount(notifications.markRead(caller, ids));
    }
}
