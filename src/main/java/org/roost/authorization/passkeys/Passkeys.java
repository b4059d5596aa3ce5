package org.roost.authorization.passkeys;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.user.UserService;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutableCredentialRecord;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.stereotype.Service;

/**
 * A user's passkeys, read and changed through the framework's stores. A passkey of someone else is "not found", never
 * "forbidden": whether an id exists is nobody else's business.
 */
@Service
class Passkeys {

    record Passkey(String id, String label, @Nullable Instant created, @Nullable Instant lastUsed) {
    }

    private final PublicKeyCredentialUserEntityRepository userEntities;
    private final UserCredentialRepository credentials;
    private final UserService users;
    private final ApplicationEventPublisher events;

    Passkeys(PublicKeyCredentialUserEntityRepository userEntities, UserCredentialRepository credentials,
            UserService users, ApplicationEventPublisher events) {
        this.userEntities = userEntities;
        this.credentials = credentials;
        this.users = users;
        this.events = events;
    }

    /** Oldest first, as they were added. */
    List<Passkey> list(long userId) {
        PublicKeyCredentialUserEntity entity = userEntities.findByUsername(users.get(userId).username());
        if (entity == null) {
            return List.of();
        }
        return credentials.findByUserId(entity.getId()).stream()
                .sorted(Comparator.comparing(CredentialRecord::getCreated, Comparator.nullsFirst(Comparator.naturalOrder())))
                .map(Passkeys::view).toList();
    }

    Passkey rename(long userId, String passkeyId, String label) {
        CredentialRecord record = owned(userId, passkeyId);
        CredentialRecord renamed = ImmutableCredentialRecord.fromCredentialRecord(record).label(label).build();
        credentials.save(renamed);
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PASSKEY_RENAMED, userId));
        return view(renamed);
    }

    void remove(long userId, String passkeyId) {
        credentials.delete(owned(userId, passkeyId).getCredentialId());
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PASSKEY_REMOVED, userId));
    }

    private CredentialRecord owned(long userId, String passkeyId) {
        PublicKeyCredentialUserEntity entity = userEntities.findByUsername(users.get(userId).username());
        CredentialRecord record = entity == null || !passkeyId.matches("[A-Za-z0-9_-]{1,1000}") ? null
                : credentials.findByCredentialId(Bytes.fromBase64(passkeyId));
        if (record == null || entity == null || !record.getUserEntityUserId().equals(entity.getId())) {
            throw ApiException.notFound("The passkey");
        }
        return record;
    }

    private static Passkey view(CredentialRecord record) {
        return new Passkey(record.getCredentialId().toBase64UrlString(), record.getLabel(), record.getCreated(),
                record.getLastUsed());
    }
}
