package org.roost;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.roost.platform.shared.Scopes;

/**
 * The API's scope table as data, the one docs/api.md shows: what each REST operation (by its OpenAPI
 * operation id) and each GraphQL field (as {@code Type.field}) needs. {@link ScopeMatrixTest} checks that
 * it names every operation and field the application has, and that the application answers as it says.
 */
final class ScopeTable {

    /** A token without any scope. */
    static final String NO_SCOPE = "";

    /** Every scope a token can carry: the OAuth API scopes, OpenID Connect's, and first-party {@code users:write}. */
    static final List<String> SCOPES = List.of(NO_SCOPE, "openid", "profile", "email", Scopes.USERS_READ,
            Scopes.POSTS_READ, Scopes.POSTS_WRITE, Scopes.FOLLOWERS_WRITE, Scopes.NOTIFICATIONS_READ, Scopes.USERS_WRITE);

    /**
     * What a request needs: one of {@code anyOf} (empty: no scope at all), and, for writes and the caller's
     * own feed, a user behind the token (a client acting for itself is {@code 403 FORBIDDEN}).
     */
    record Need(Set<String> anyOf, boolean asUser) {

        static Need free() {
            return new Need(Set.of(), false);
        }

        static Need read(String... anyOf) {
            return new Need(Set.of(anyOf), false);
        }

        static Need byUser(String scope) {
            return new Need(Set.of(scope), true);
        }

        boolean coveredBy(String scope) {
            return anyOf.isEmpty() || anyOf.contains(scope);
        }
    }

    static final Map<String, Need> REST = Map.ofEntries(
            Map.entry("createUser", Need.free()),
            Map.entry("listUsers", Need.read(Scopes.USERS_READ)),
            Map.entry("getUser", Need.read(Scopes.USERS_READ)),
            Map.entry("updateUser", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("deleteUser", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("uploadAvatar", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("getAvatar", Need.read(Scopes.USERS_READ)),
            Map.entry("deleteAvatar", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("listPosts", Need.read(Scopes.POSTS_READ)),
            Map.entry("createPost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("getPost", Need.read(Scopes.POSTS_READ)),
            Map.entry("updatePost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("deletePost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("listFollowers", Need.read(Scopes.USERS_READ)),
            Map.entry("listFollowing", Need.read(Scopes.USERS_READ)),
            Map.entry("addFollower", Need.byUser(Scopes.FOLLOWERS_WRITE)),
            Map.entry("removeFollower", Need.byUser(Scopes.FOLLOWERS_WRITE)),
            Map.entry("listLikes", Need.read(Scopes.USERS_READ)),
            Map.entry("listRecentPosts", Need.read(Scopes.POSTS_READ)),
            Map.entry("addLike", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("removeLike", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("getFeed", Need.byUser(Scopes.POSTS_READ)),
            Map.entry("listReplies", Need.read(Scopes.POSTS_READ)),
            Map.entry("listAncestors", Need.read(Scopes.POSTS_READ)),
            // One's own notifications: a client acting for itself has none.
            Map.entry("listNotifications", Need.byUser(Scopes.NOTIFICATIONS_READ)),
            Map.entry("getUnreadNotificationCount", Need.byUser(Scopes.NOTIFICATIONS_READ)),
            Map.entry("markNotificationsRead", Need.byUser(Scopes.NOTIFICATIONS_READ)),
            // Mailed links prove themselves; asking for a reset link needs nothing either.
            Map.entry("verifyEmail", Need.free()),
            Map.entry("resendEmailVerification", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("requestPasswordReset", Need.free()),
            Map.entry("resetPassword", Need.free()),
            // Two-factor settings are first-party only, like the password.
            Map.entry("getTwoFactor", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("startTwoFactor", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("confirmTwoFactor", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("disableTwoFactor", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("listDevices", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("listPasskeys", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("renamePasskey", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("removePasskey", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("signOutDevice", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("signOutOtherDevices", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("listIdentities", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("startIdentityLink", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("removeIdentity", Need.byUser(Scopes.USERS_WRITE)),
            // The developer console and remembered consents are account settings: the person, with users:write
            Map.entry("registerApp", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("listApps", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("getApp", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("rotateAppSecret", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("deleteApp", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("listConsents", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("revokeConsent", Need.byUser(Scopes.USERS_WRITE)));

    static final Map<String, Need> GRAPHQL = Map.ofEntries(
            Map.entry("Query.me", Need.read(Scopes.USERS_READ)),
            // A user's posts are readable with posts:read over REST (GET /users/{id}/posts): so is the user to reach them.
            Map.entry("Query.user", Need.read(Scopes.USERS_READ, Scopes.POSTS_READ)),
            Map.entry("Query.userByUsername", Need.read(Scopes.USERS_READ)),
            Map.entry("Query.usersById", Need.read(Scopes.USERS_READ)),
            Map.entry("Query.users", Need.read(Scopes.USERS_READ)),
            Map.entry("Query.post", Need.read(Scopes.POSTS_READ)),
            Map.entry("Query.postsById", Need.read(Scopes.POSTS_READ)),
            Map.entry("Query.feed", Need.byUser(Scopes.POSTS_READ)),
            Map.entry("Mutation.createPost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("Mutation.updatePost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("Mutation.deletePost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("Mutation.follow", Need.byUser(Scopes.FOLLOWERS_WRITE)),
            Map.entry("Mutation.unfollow", Need.byUser(Scopes.FOLLOWERS_WRITE)),
            Map.entry("Mutation.likePost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("Mutation.unlikePost", Need.byUser(Scopes.POSTS_WRITE)),
            Map.entry("Mutation.updateMe", Need.byUser(Scopes.USERS_WRITE)),
            Map.entry("Subscription.postCreated", Need.read(Scopes.POSTS_READ)),
            Map.entry("Subscription.feedPostCreated", Need.byUser(Scopes.POSTS_READ)),
            Map.entry("Subscription.followerAdded", Need.byUser(Scopes.USERS_READ)),
            Map.entry("Query.notifications", Need.byUser(Scopes.NOTIFICATIONS_READ)),
            Map.entry("Query.unreadNotificationCount", Need.byUser(Scopes.NOTIFICATIONS_READ)),
            Map.entry("Mutation.markNotificationsRead", Need.byUser(Scopes.NOTIFICATIONS_READ)),
            Map.entry("Subscription.notificationAdded", Need.byUser(Scopes.NOTIFICATIONS_READ)),
            // Reached only through the caller's own notifications (notifications:read); its actors are users
            // (users:read beyond their ids) and its post a post (posts:read beyond its id).
            Map.entry("Notification.id", Need.free()),
            Map.entry("Notification.type", Need.free()),
            Map.entry("Notification.count", Need.free()),
            Map.entry("Notification.actors", Need.free()),
            Map.entry("Notification.post", Need.free()),
            Map.entry("Notification.read", Need.free()),
            Map.entry("Notification.createdAt", Need.free()),
            Map.entry("Notification.updatedAt", Need.free()),
            Map.entry("Notification.cursor", Need.free()),
            // Reached only through Post.mentions (posts:read).
            Map.entry("Mention.id", Need.free()),
            Map.entry("Mention.username", Need.free()),
            Map.entry("Post.inReplyToId", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.inReplyTo", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.replyCount", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.replies", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.ancestors", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.mentions", Need.read(Scopes.POSTS_READ)),
            Map.entry("User.id", Need.free()),
            Map.entry("User.name", Need.read(Scopes.USERS_READ)),
            Map.entry("User.username", Need.read(Scopes.USERS_READ)),
            Map.entry("User.bio", Need.read(Scopes.USERS_READ)),
            Map.entry("User.login", Need.read(Scopes.USERS_READ)),
            Map.entry("User.avatarUrl", Need.read(Scopes.USERS_READ)),
            Map.entry("User.createdAt", Need.read(Scopes.USERS_READ)),
            // Null for anyone but the user themself, whatever the scope (UserService.seesEmail).
            Map.entry("User.email", Need.read(Scopes.USERS_READ)),
            Map.entry("User.emailVerified", Need.read(Scopes.USERS_READ)),
            Map.entry("User.posts", Need.read(Scopes.POSTS_READ)),
            Map.entry("User.followers", Need.read(Scopes.USERS_READ)),
            Map.entry("User.following", Need.read(Scopes.USERS_READ)),
            Map.entry("User.followerCount", Need.read(Scopes.USERS_READ)),
            Map.entry("User.followingCount", Need.read(Scopes.USERS_READ)),
            Map.entry("User.followedByMe", Need.read(Scopes.USERS_READ)),
            Map.entry("Post.id", Need.free()),
            Map.entry("Post.title", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.body", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.author", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.createdAt", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.updatedAt", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.likeCount", Need.read(Scopes.POSTS_READ)),
            Map.entry("Post.likedByMe", Need.read(Scopes.POSTS_READ)),
            // The likers are users: reaching them needs posts:read, reading more than their ids users:read.
            Map.entry("Post.likes", Need.read(Scopes.POSTS_READ)));

    /**
     * What a mutation's own scope lets its caller read of the object it returns: what the REST answer to the
     * same write shows (the written post or profile; a follow answers {@code 204} with nothing). Relations
     * of that object (a user's posts, followers, counts) and anything deeper follow the table.
     */
    static final Map<String, Set<String>> MUTATION_ANSWERS = Map.of(
            "Mutation.createPost", Set.of("Post.title", "Post.body", "Post.author", "Post.createdAt", "Post.updatedAt",
                    "Post.likeCount", "Post.inReplyToId", "Post.replyCount", "Post.mentions"),
            "Mutation.updatePost", Set.of("Post.title", "Post.body", "Post.author", "Post.createdAt", "Post.updatedAt",
                    "Post.likeCount", "Post.inReplyToId", "Post.replyCount", "Post.mentions"),
            "Mutation.updateMe", Set.of("User.name", "User.username", "User.bio", "User.login", "User.createdAt",
                    "User.avatarUrl", "User.email", "User.emailVerified"),
            "Mutation.follow", Set.of(),
            "Mutation.unfollow", Set.of(),
            "Mutation.deletePost", Set.of(),
            // Anyone's post, which REST answers with 204: its fields need posts:read.
            "Mutation.likePost", Set.of(),
            "Mutation.unlikePost", Set.of(),
            // An Int: nothing to read.
            "Mutation.markNotificationsRead", Set.of());

    /**
     * The same data through both doors: a REST operation and a GraphQL probe of {@link ScopeMatrixTest}
     * (a root field, or a route and the field read at its end) that must be allowed and refused alike.
     */
    static final Map<String, String> SAME_DATA = Map.ofEntries(
            Map.entry("listUsers", "Query.users"),
            Map.entry("getUser", "user name"),
            Map.entry("listFollowers", "user followers"),
            Map.entry("listFollowing", "user following"),
            Map.entry("listPosts", "user.posts title"),
            Map.entry("getPost", "post title"),
            Map.entry("getFeed", "feed title"),
            Map.entry("createPost", "createPost title"),
            Map.entry("updatePost", "updatePost title"),
            Map.entry("deletePost", "Mutation.deletePost"),
            Map.entry("addFollower", "Mutation.follow"),
            Map.entry("removeFollower", "Mutation.unfollow"),
            Map.entry("addLike", "Mutation.likePost"),
            Map.entry("removeLike", "Mutation.unlikePost"),
            Map.entry("updateUser", "updateMe name"));

    private ScopeTable() {
    }
}
