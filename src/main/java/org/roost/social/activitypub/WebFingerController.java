package org.roost.social.activitypub;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.roost.platform.shared.ApiException;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * WebFinger (RFC 7033) for local people: {@code acct:{username}@{host}} with this service's host (and port), or an
 * actor's URL, answers a JRD whose {@code self} link is the actor (docs/activitypub.md, "WebFinger").
 */
@RestController
class WebFingerController {

    static final MediaType JRD = MediaType.parseMediaType("application/jrd+json");
    static final String PROFILE_PAGE = "http://webfinger.net/rel/profile-page";

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record Jrd(String subject, List<String> aliases, List<Link> links) {
    }

    record Link(String rel, String type, String href) {
    }

    private final FederationSwitch federation;
    private final ActivityPubUrls urls;
    private final UserService users;

    WebFingerController(FederationSwitch federation, ActivityPubUrls urls, UserService users) {
        this.federation = federation;
        this.urls = urls;
        this.users = users;
    }

    @GetMapping("/.well-known/webfinger")
    ResponseEntity<Jrd> webfinger(@RequestParam(required = false) @Nullable String resource) {
        federation.requireEnabled();
        if (resource == null || resource.isBlank()) {
            throw ApiException.invalid("resource", "is required: acct:{username}@{host} or an actor's URL");
        }
        UserSummary user = find(resource.strip()).orElseThrow(() -> ApiException.notFound("The resource"));
        String actor = urls.actor(user.id());
        String profile = urls.profilePage(user.username());
        Jrd jrd = new Jrd("acct:" + user.username() + "@" + urls.host(), List.of(actor, profile),
                List.of(new Link("self", "application/activity+json", actor),
                        new Link(PROFILE_PAGE, MediaType.TEXT_HTML_VALUE, profile)));
        // RFC 7033 section 5: readable from any origin, since browser-based clients look people up too
        return ResponseEntity.ok().contentType(JRD).header("Access-Control-Allow-Origin", "*")
                .cacheControl(CacheControl.maxAge(Duration.ofMinutes(5)).cachePublic()).body(jrd);
    }

    private Optional<UserSummary> find(String resource) {
        if (resource.regionMatches(true, 0, "acct:", 0, 5)) {
            String account = resource.substring(5);
            int at = account.lastIndexOf('@');
            if (at <= 0 || at == account.length() - 1) {
                throw ApiException.invalid("resource", "must be acct:{username}@{host}");
            }
            String host = account.substring(at + 1).toLowerCase(Locale.ROOT);
            String username = account.substring(0, at);
            // another server's people are not ours to describe: not found, as RFC 7033 says for unknown resources
            return host.equals(urls.host().toLowerCase(Locale.ROOT)) ? users.findByUsername(username) : Optional.empty();
        }
        if (resource.startsWith("https://") || resource.startsWith("http://")) {
            OptionalLong id = urls.userOf(resource);
            return id.isPresent() ? users.find(id.getAsLong()) : Optional.empty();
        }
        throw ApiException.invalid("resource", "must be acct:{username}@{host} or an actor's URL");
    }
}
