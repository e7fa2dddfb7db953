import { MediaThumb } from '../../features/media/media-tile.tsx';
import { UploadModal } from '../../features/media/upload-modal.tsx';
import { StaffHome } from '../../features/team/staff-home.tsx';

/** A team member's home, composed from the team and media features; loaded only for staff (not a route: '-' prefix). */
export default function StaffHomePage() {
  return <StaffHome Thumb={MediaThumb} UploadDialog={UploadModal} />;
}
