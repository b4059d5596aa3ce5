package org.roost.identity.user;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.servlet.http.HttpServletRequest;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.Scopes;
import org.roost.platform.web.ApiPaths;
import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.openapi.Outcomes;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** Avatars as {@code multipart/form-data} uploads; the size limit is the container's multipart limit. */
@RestController
@RequestMapping({ ApiPaths.V1 + "/users/{userId}/avatar", ApiPaths.UNVERSIONED + "/users/{userId}/avatar" })
class AvatarController {

    /** A fixed shape, so that the OpenAPI document says so (a map would be a free-form object there). */
    record UploadedAvatar(String contentType, int size, @JsonProperty("_links") Links links) {

        record Links(String self, String user) {
        }
    }

    private final UserService users;
    private final AvatarRepository avatars;
    private final Clock clock;

    AvatarController(UserService users, AvatarRepository avatars, Clock clock) {
        this.users = users;
        this.avatars = avatars;
        this.clock = clock;
    }

    @Operation(operationId = "uploadAvatar", summary = "Upload a user's avatar", tags = "users")
    @Outcomes(success = "201", errors = { "400", "401", "403", "404", "412", "413", "415" })
    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    @Transactional
    ResponseEntity<UploadedAvatar> upload(@PathVariable String userId, @RequestPart("file") MultipartFile file,
            Caller caller, HttpServletRequest request) throws IOException {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        users.requireExists(id);
        byte[] content = file.getBytes();
        ImageType type = ImageType.detect(content).orElseThrow(() -> new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                "The file is not a PNG, JPEG or WebP image."));
        avatars.save(id, type, content, clock.instant());
        String self = ApiPaths.prefix(request) + "/users/" + id + "/avatar";
        return ResponseEntity.created(URI.create(self)).body(new UploadedAvatar(type.mediaType(),
                content.length, new UploadedAvatar.Links(self, ApiPaths.prefix(request) + "/users/" + id)));
    }

    @Operation(operationId = "getAvatar", summary = "Get a user's avatar image", tags = "users")
    @Outcomes(errors = { "401", "403", "404" }, binary = { "image/png", "image/jpeg", "image/webp" })
    @GetMapping
    ResponseEntity<byte[]> get(@PathVariable String userId, Caller caller) {
        caller.requireScope(Scopes.USERS_READ);
        AvatarRepository.Avatar avatar = avatars.find(Ids.parse(userId, "The user"))
                .orElseThrow(() -> ApiException.notFound("The avatar"));
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(avatar.type().mediaType()))
                .header("X-Content-Type-Options", "nosniff").body(avatar.content());
    }

    @Operation(operationId = "deleteAvatar", summary = "Delete a user's avatar", tags = "users")
    @Outcomes(success = "204", errors = { "401", "403", "404", "412" })
    @DeleteMapping
    ResponseEntity<Void> delete(@PathVariable String userId, Caller caller) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        users.requireExists(id);
        avatars.delete(id);
        return ResponseEntity.noContent().build();
    }
}
