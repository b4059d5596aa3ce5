package org.roost.authorization.firstparty;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;
import org.roost.identity.devices.Devices;
import org.roost.identity.login.LoginRequest;
import org.roost.identity.login.PasswordLogins;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.roost.identity.revocation.TokenDenylist;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.SecurityEvent.Kind;
import org.roost.identity.twofactor.SecondFactorLogin;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.authorization.token.Issuers;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * First-party token login for clients that cannot keep a cookie: mobile apps, scripts, other services. The contract
 * (JSON bodies, the API's error codes, the second-factor step) is this controller's; the tokens are the
 * authorization server's ({@link FirstPartyGrant}).
 */
@RestController
class TokenController {

    record TokenResponse(String accessToken, String tokenType, long expiresIn, String refreshToken) {
    }

    record RefreshRequest(@NotBlank @Size(max = 256) String refreshToken) {
    }

    record LogoutRequest(@Schema(types = { "string", "null" }) @Nullable @Size(max = 256) String refreshToken) {
    }

    private final PasswordLogins logins;
    private final FirstPartyGrant grant;
    private final TokenDenylist denylist;
    private final Issuers issuers;
    private final ApplicationEventPublisher events;
    private final SecondFactors secondFactors;
    private final Devices devices;

    TokenController(PasswordLogins logins, FirstPartyGrant grant, TokenDenylist denylist, Issuers issuers,
            ApplicationEventPublisher events, SecondFactors secondFactors, Devices devices) {
        this.devices = devices;
        this.secondFactors = secondFactors;
        this.events = events;
        this.logins = logins;
        this.grant = grant;
        this.denylist = denylist;
        this.issuers = issuers;
    }

    @Operation(operationId = "createToken", summary = "Get a first-party token pair (SECOND_FACTOR_REQUIRED: see /auth/token/second-factor)", tags = "auth")
    @Outcomes(errors = { "400", "401", "415", "429" }, open = true)
    @PostMapping(path = "/auth/token", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<TokenResponse> token(@Valid @RequestBody LoginRequest login,
            HttpServletRequest request) {
        UserSummary user = logins.authenticate(login.username(), login.password(), request.getRemoteAddr());
        events.publishEvent(SecurityEvent.ofUser(Kind.TOKEN_ISSUED, user.id(), "grant", "password"));
        return pair(signedIn(user.id(), SecondFactors.PASSWORD_ONLY, request));
    }

    /** The second step of {@link #token} for a user with two-factor sign-in on (docs/api.md, "Two-factor sign-in"). */
    @Operation(operationId = "createTokenSecondFactor", summary = "Finish a token login with a second factor", tags = "auth")
    @Outcomes(errors = { "400", "415", "429" }, open = true, beyondSchema = {
            @Rule(field = "code", rule = SchemaRules.SECOND_FACTOR_CODE),
            @Rule(field = "step_token", rule = SchemaRules.STEP_TOKEN) })
    @PostMapping(path = "/auth/token/second-factor", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<TokenResponse> secondFactor(@Valid @RequestBody SecondFactorLogin body, HttpServletRequest request) {
        SecondFactors.Completed done = secondFactors.complete(body.stepToken(), body.code());
        events.publishEvent(SecurityEvent.ofUser(Kind.LOGIN_SUCCEEDED, done.userId()));
        events.publishEvent(SecurityEvent.ofUser(Kind.TOKEN_ISSUED, done.userId(), "grant", "password+otp"));
        return pair(signedIn(done.userId(), done.amr(), request));
    }

    /** A new authorization, listed among the user's devices under its id. */
    private FirstPartyGrant.Issued signedIn(long userId, java.util.List<String> amr, HttpServletRequest request) {
        FirstPartyGrant.Issued issued = grant.signIn(userId, amr, issuers.of(request));
        devices.register(issued.authorizationId(), userId, Devices.Kind.TOKEN, request.getHeader("User-Agent"),
                request.getRemoteAddr());
        return issued;
    }

    @Operation(operationId = "refreshToken", summary = "Rotate a refresh token", tags = "auth")
    @Outcomes(errors = { "400", "401", "415" }, open = true)
    @PostMapping(path = "/auth/token/refresh", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<TokenResponse> refresh(@Valid @RequestBody RefreshRequest body, HttpServletRequest request) {
        FirstPartyGrant.Issued rotated = grant.refresh(body.refreshToken(), issuers.of(request)).orElseThrow(
                () -> new ApiException(ErrorCode.INVALID_TOKEN, "The refresh token is invalid, expired or revoked."));
        events.publishEvent(SecurityEvent.ofUser(Kind.TOKEN_REFRESHED, rotated.userId()));
        devices.touch(rotated.authorizationId(), request.getRemoteAddr(), null);
        return pair(rotated);
    }

    /**
     * Ends the presented access token at once, and its refresh token's family when the body names one. The body is
     * optional, so a request without one matches whatever its Content-Type; one with a body must send JSON.
     */
    @Operation(operationId = "revokeToken", summary = "Revoke the presented access token", tags = "auth")
    @Outcomes(success = "204", errors = { "400", "401" })
    @PostMapping(path = "/auth/logout", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> logout(@RequestBody(required = false) @Valid @Nullable LogoutRequest body) {
        if (!(SecurityContextHolder.getContext().getAuthentication() instanceof JwtAuthenticationToken token)) {
            throw new ApiException(ErrorCode.MALFORMED_REQUEST,
                    "POST /auth/logout ends a bearer token; a session ends with POST /logout.");
        }
        var jwt = token.getToken();
        if (jwt.getId() != null && jwt.getExpiresAt() != null) {
            denylist.deny(jwt.getId(), jwt.getExpiresAt());
        }
        events.publishEvent(SecurityEvent.ofUser(Kind.TOKEN_REVOKED, jwt.getSubject(), "by", "logout"));
        if (body != null && body.refreshToken() != null) {
            grant.revoke(body.refreshToken());
        }
        return ResponseEntity.noContent().build();
    }

    private static ResponseEntity<TokenResponse> pair(FirstPartyGrant.Issued issued) {
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).header("Pragma", "no-cache")
                .body(new TokenResponse(issued.accessToken(), "Bearer", issued.expiresIn(), issued.refreshToken()));
    }
}
