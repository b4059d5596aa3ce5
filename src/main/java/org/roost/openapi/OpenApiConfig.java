package org.roost.openapi;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.info.License;
import org.roost.shared.Caller;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document describes the public API only: {@code springdoc.paths-to-match} leaves out the
 * unversioned {@code /api} alias (noted once in the description), {@code /error} and the HTML pages;
 * the {@link Caller} argument, resolved from the credential, is not a parameter; operations get ids
 * and tags by resource. Controllers are named here by their simple names, so {@code web} does not
 * depend on the features that depend on it.
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(title = "Roost API", version = "v1",
        license = @License(name = "Apache-2.0", url = "https://www.apache.org/licenses/LICENSE-2.0"),
        description = """
                Users, posts (with replies and mentions), followers, likes and notifications. Every error has the same body (`ErrorBody`). Every path under \
                `/api/v1` is also served, identically, under `/api` (the unversioned alias, currently v1); \
                this document lists each operation once."""))
class OpenApiConfig {

    static {
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class);
    }

    private static final Map<String, String> TAGS = Map.ofEntries(
            Map.entry("UserController", "users"),
            Map.entry("AvatarController", "users"),
            Map.entry("PostController", "posts"),
            Map.entry("FollowController", "followers"),
            Map.entry("LikeController", "likes"),
            Map.entry("NotificationController", "notifications"),
            Map.entry("SessionLoginController", "auth"),
            Map.entry("ReauthenticationController", "auth"),
            Map.entry("TokenController", "auth"),
            Map.entry("FeedController", "feed"),
            Map.entry("EmailController", "accounts"),
            Map.entry("PasswordResetController", "accounts"),
            Map.entry("TwoFactorController", "accounts"),
            Map.entry("DeviceController", "accounts"),
            Map.entry("PasskeyController", "accounts"),
            Map.entry("IdentityController", "accounts"),
            Map.entry("ProviderController", "auth"),
            Map.entry("AppsController", "apps"),
            Map.entry("ConsentsController", "consents"));

    private static final Map<String, String> IDS = Map.ofEntries(
            Map.entry("UserController#list", "listUsers"), Map.entry("UserController#signUp", "createUser"),
            Map.entry("UserController#get", "getUser"), Map.entry("UserController#update", "updateUser"),
            Map.entry("UserController#delete", "deleteUser"),
            Map.entry("AvatarController#upload", "uploadAvatar"), Map.entry("AvatarController#get", "getAvatar"),
            Map.entry("AvatarController#delete", "deleteAvatar"),
            Map.entry("PostController#list", "listPosts"), Map.entry("PostController#create", "createPost"),
            Map.entry("PostController#get", "getPost"), Map.entry("PostController#update", "updatePost"),
            Map.entry("PostController#delete", "deletePost"),
            Map.entry("FollowController#followers", "listFollowers"),
            Map.entry("FollowController#following", "listFollowing"),
            Map.entry("FollowController#follow", "addFollower"), Map.entry("FollowController#unfollow", "removeFollower"),
            Map.entry("LikeController#likes", "listLikes"), Map.entry("LikeController#like", "addLike"),
            Map.entry("LikeController#unlike", "removeLike"),
            Map.entry("PostController#replies", "listReplies"), Map.entry("PostController#ancestors", "listAncestors"),
            Map.entry("NotificationController#list", "listNotifications"),
            Map.entry("NotificationController#unreadCount", "getUnreadNotificationCount"),
            Map.entry("NotificationController#markRead", "markNotificationsRead"),
            Map.entry("ReauthenticationController#reauthenticate", "reauthenticate"),
            Map.entry("SessionLoginController#login", "logIn"), Map.entry("SessionLoginController#logout", "logOut"),
            Map.entry("TokenController#token", "createToken"), Map.entry("TokenController#refresh", "refreshToken"),
            Map.entry("TokenController#logout", "revokeToken"), Map.entry("FeedController#feed", "getFeed"),
            Map.entry("EmailController#verify", "verifyEmail"), Map.entry("EmailController#resend", "resendEmailVerification"),
            Map.entry("PasswordResetController#request", "requestPasswordReset"),
            Map.entry("PasswordResetController#complete", "resetPassword"),
            Map.entry("TwoFactorController#status", "getTwoFactor"), Map.entry("TwoFactorController#start", "startTwoFactor"),
            Map.entry("TwoFactorController#confirm", "confirmTwoFactor"),
            Map.entry("TwoFactorController#disable", "disableTwoFactor"),
            Map.entry("SessionLoginController#secondFactor", "logInSecondFactor"),
            Map.entry("TokenController#secondFactor", "createTokenSecondFactor"),
            Map.entry("DeviceController#list", "listDevices"), Map.entry("DeviceController#signOut", "signOutDevice"),
            Map.entry("DeviceController#signOutOthers", "signOutOtherDevices"),
            Map.entry("PasskeyController#list", "listPasskeys"), Map.entry("PasskeyController#rename", "renamePasskey"),
            Map.entry("PasskeyController#remove", "removePasskey"),
            Map.entry("IdentityController#list", "listIdentities"), Map.entry("IdentityController#link", "startIdentityLink"),
            Map.entry("IdentityController#remove", "removeIdentity"), Map.entry("ProviderController#list", "listProviders"));

    /** Operations that take no credential at all. */
    private static final List<String> PUBLIC = List.of("createUser", "logIn", "createToken", "refreshToken", "verifyEmail",
            "requestPasswordReset", "resetPassword", "logInSecondFactor", "createTokenSecondFactor", "listProviders");

    @Bean
    OperationCustomizer operationsByResource() {
        return (operation, handler) -> {
            String controller = handler.getBeanType().getSimpleName();
            String id = IDS.get(controller + "#" + handler.getMethod().getName());
            if (id != null) {
                operation.setOperationId(id);
            }
            String tag = TAGS.get(controller);
            if (tag != null) {
                operation.setTags(List.of(tag));
            }
            if (PUBLIC.contains(operation.getOperationId())) {
                operation.setSecurity(List.of());
            }
            return operation;
        };
    }
}
