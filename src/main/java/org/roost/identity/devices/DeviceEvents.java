package org.roost.identity.devices;

/** What the sign-in features act on. Published in the transaction that records it. */
public final class DeviceEvents {

    private DeviceEvents() {
    }

    /** The user signed this device out: its session or its token sign-in (refresh and access tokens) must end. */
    public record SignedOut(long userId, String deviceId, Devices.Kind kind) {
    }

    /** The user signed out every device but the one asking ("sign out everywhere else"). */
    public record OthersSignedOut(long userId) {
    }
}
