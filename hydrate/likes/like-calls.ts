/** The like calls (api/http/like-routes.ts), as the like button island makes them. */
import { apiRequest } from '../api-client.ts';

export interface LikeState {
  likeCount: number;
  liked: boolean;
}

const likePath = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/like`;

export function readLike(itemId: string): Promise<LikeState> {
  return apiRequest<LikeState>(likePath(itemId));
}

/** Likes the item, or takes the like back; the answer is the count after the change. */
export function setLike(itemId: string, liked: boolean): Promise<LikeState> {
  return apiRequest<LikeState>(likePath(itemId), { method: liked ? 'PUT' : 'DELETE' });
}
