package org.roost.social.activitypub;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserService;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.Ids;
import org.roost.platform.web.RequestPaths;
import org.roost.social.activitypub.signatures.InboxSignatures;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A person's inbox and the shared one (docs/activitypub.md, "The inbox"): a body of at most {@link #MAX_BODY}
 * bytes ({@code 413} otherwise), signed ({@link InboxSignatures}, {@code 401} otherwise), by the activity's own
 * actor, then handled ({@link Inbox}) and answered {@code 202 Accepted} without a body. Both inboxes handle the
 * same way: the activity's {@code object} says whom it is for, as with Mastodon's shared inbox.
 */
@RestController
@RequestMapping(ActivityPubUrls.PREFIX)
class InboxController {

    /** Mastodon's own inbox takes up to 1 MB; activities worth handling here are a few KB, so 256 KB is ample. */
    static final int MAX_BODY = 256 * 1024;

    private final FederationSwitch federation;
    private final UserService users;
    private final InboxSignatures signatures;
    private final Inbox inbox;
    private final JsonMapper json = JsonMapper.builder().build();

    InboxController(FederationSwitch federation, UserService users, InboxSignatures signatures, Inbox inbox) {
        this.federation = federation;
        this.users = users;
        this.signatures = signatures;
        this.inbox = inbox;
    }

    @PostMapping("/users/{userId}/inbox")
    ResponseEntity<Void> personal(@PathVariable String userId, HttpServletRequest request) {
        federation.requireEnabled();
        users.find(Ids.parse(userId, "The user")).orElseThrow(() -> ApiException.notFound("The user"));
        return receive(request);
    }

    @PostMapping("/inbox")
    ResponseEntity<Void> shared(HttpServletRequest request) {
        federation.requireEnabled();
        return receive(request);
    }

    private ResponseEntity<Void> receive(HttpServletRequest request) {
        byte[] body = body(request);
        // the path as the sender signed it: (request-target) names the path the request was sent to, with its query
        String target = request.getContextPath() + RequestPaths.of(request)
                + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        var signer = signatures.verify(request.getMethod(), target, name -> header(request, name), body);
        JsonNode activity;
        try {
            activity = json.readTree(body);
        }
        catch (JacksonException notJson) {
            throw ApiException.invalid("body", "must be a JSON object");
        }
        if (activity == null || !activity.isObject()) {
            throw ApiException.invalid("body", "must be a JSON object");
        }
        inbox.receive(signer, activity);
        return ResponseEntity.accepted().build();
    }

    private static byte[] body(HttpServletRequest request) {
        if (request.getContentLengthLong() > MAX_BODY) {
            throw tooLarge();
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(MAX_BODY + 1);
        }
        catch (IOException cutShort) {
            // a body that ended before its length or a client that went away: the sender's fault, not ours
            throw new ApiException(ErrorCode.MALFORMED_REQUEST, "The request body could not be read.");
        }
        if (body.length > MAX_BODY) {
            throw tooLarge();
        }
        return body;
    }

    private static ApiException tooLarge() {
        return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "An activity may be at most " + MAX_BODY / 1024 + " KB.");
    }

    /** A header's value, several of one name joined by ", " as draft-cavage signs them; null when absent. */
    private static @Nullable String header(HttpServletRequest request, String name) {
        List<String> values = Collections.list(request.getHeaders(name.toLowerCase(Locale.ROOT)));
        return values.isEmpty() ? null : String.join(", ", values);
    }
}
