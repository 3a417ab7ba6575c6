import { useEffect, useRef, useState } from "react";
import { ZOOM_CONNECT_PATH, ZOOM_CONNECTED_MESSAGE } from "../../../contract/index.js";
import { apiUrl } from "../../api/client.js";
import { Alert } from "../Alert.js";
import { DialogActions, ModalFrame } from "../ModalFrame.js";

/** Whether a message is the Zoom callback page's confirmation. */
const isConnected = (data: unknown): boolean => typeof data === "object" && data !== null && (data as { type?: unknown }).type === ZOOM_CONNECTED_MESSAGE;

/**
 * The Connect to Zoom dialog (second document): says why, and Connect opens the server's connect address in a popup
 * where the person signs in to Zoom and allows the app. The popup's last page posts `{type: "zoom-connected"}` to this
 * window, from the API's own origin only (or on a same-origin BroadcastChannel when the trip through Zoom severed the
 * popup's opener); `onConnected` then runs once.
 */
export function ConnectZoomDialog({ onConnected, onClose }: { onConnected(): void; onClose(): void }) {
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const connected = useRef(onConnected);
  useEffect(() => {
    connected.current = onConnected;
  }, [onConnected]);

  useEffect(() => {
    let done = false;
    const origin = new URL(apiUrl(""), window.location.href).origin;
    const settle = (data: unknown) => {
      if (done || !isConnected(data)) return;
      done = true;
      connected.current();
    };
    const handleMessage = (event: MessageEvent) => {
      if (event.origin === origin) settle(event.data);
    };
    window.addEventListener("message", handleMessage);
    // A BroadcastChannel only ever carries messages of this page's own origin.
    const channel = "BroadcastChannel" in window && origin === window.location.origin ? new BroadcastChannel(ZOOM_CONNECTED_MESSAGE) : null;
    if (channel) channel.onmessage = (event: MessageEvent) => settle(event.data);
    return () => {
      window.removeEventListener("message", handleMessage);
      channel?.close();
    };
  }, []);

  const handleConnect = () => {
    const popup = window.open(apiUrl(ZOOM_CONNECT_PATH.slice(1)), "zoom-connect", "popup,width=600,height=720");
    setBlocked(!popup);
    setWaiting(Boolean(popup));
  };

  return (
    <ModalFrame
      id="zoom-connect-dialog"
      title="Connect to Zoom"
      description="To add Zoom meetings here, connect your Zoom account. A window opens where you sign in to Zoom and allow this site to create meetings for you; then your meeting is added."
      onClose={onClose}
    >
      <div className="stack">
        <p role="status" className="dialog__text">
          {waiting ? "Waiting for Zoom: finish in the window that opened." : ""}
        </p>
        {blocked && <Alert tone="danger">The browser blocked the Zoom window. Allow pop-ups for this site, then press Connect again.</Alert>}
        <DialogActions label={waiting ? "Open the Zoom window again" : "Connect"} onAction={handleConnect} />
      </div>
    </ModalFrame>
  );
}
