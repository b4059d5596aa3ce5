package org.roost.gateway.publicreading;

import java.util.Set;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;

import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Scopes;
import org.roost.platform.web.RequestPaths;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;

/**
 * The one rule for who reads as a visitor: public reading is on, and the request carries no credential at all (no
 * {@code Authorization} header, no session cookie). A request that brings a credential is judged by it, so an ended
 * session or a bad token still answers 401 and the web app still learns that its session has ended.
 *
 * <p>A visitor reads as {@link #VISITOR}: a client acting for itself with only the two read scopes, so every rule
 * that already holds for such a client holds for a visitor (no email, {@code followedByMe} and {@code likedByMe}
 * false, no {@code me}, no write, no feed) without a second set of checks.
 */
@Component
public class PublicReading {

    /** The caller a visitor reads as; not a client id any registration gives (those have no parentheses). */
    public static final Caller VISITOR = new Caller.Client("(visitor)", Set.of(Scopes.USERS_READ, Scopes.POSTS_READ));

    /** The request attribute the GraphQL transport sets when its operation may be read by a visitor. */
    public static final String VISITOR_ATTRIBUTE = PublicReading.class.getName() + ".visitor";

    /**
     * The REST reads a visitor may make (and their unversioned twins): people and their avatars, followers and
     * following, posts, who liked them and their threads (replies and ancestors, as GraphQL serves a visitor), and the
     * public timeline. Nothing else: not the feed, not the caller's own data (consents, devices, passkeys, identities).
     */
    private static final Pattern READABLE = Pattern.compile(
            "/api(?:/v1)?/(?:posts|users(?:/[^/]+(?:/(?:avatar|followers|following|posts(?:/[^/]+(?:/(?:likes|replies|ancestors))?)?))?)?)");

    /** The OpenAPI operations of those paths, which the document marks as readable without a credential. */
    public static final Set<String> READABLE_OPERATIONS = Set.of("listUsers", "getUser", "getAvatar", "listPosts", "getPost",
            "listFollowers", "listFollowing", "listLikes", "listReplies", "listAncestors", "listRecentPosts");

    private final boolean enabled;

    PublicReading(PublicReadingProperties properties) {
        this.enabled = properties.publicReading();
    }

    public boolean enabled() {
        return enabled;
    }

    /** Whether this REST request may read as a visitor. */
    public boolean admitsRestVisitor(HttpServletRequest request) {
        String method = request.getMethod();
        return enabled && ("GET".equals(method) || "HEAD".equals(method)) && noCredential(request)
                && READABLE.matcher(RequestPaths.of(request)).matches();
    }

    /** Whether this GraphQL request may run its query as a visitor (queries only: the transport checks that). */
    public boolean admitsGraphQlVisitor(HttpServletRequest request) {
        return enabled && noCredential(request);
    }

    private static boolean noCredential(HttpServletRequest request) {
        return request.getHeader(HttpHeaders.AUTHORIZATION) == null && request.getRequestedSessionId() == null;
    }
}
